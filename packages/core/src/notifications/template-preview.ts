import type { EntityManager } from '@mikro-orm/core';
import type { PreviewedRule, TemplatePreviewAnswer } from '../behavior-rules/template-previewer';
import type { AlertEventKind } from '../entities/alert-event.entity';
import type { AlertState } from '../entities/alert-rule.entity';
import { validationFailed } from '../errors/domain-error';
import { queryRows } from '../persistence/query-rows';
import type { AlertEventFacts } from './templates/alert-event-message';
import { renderTurns } from './templates/render-turns';
import { templateContext } from './templates/template-context';
import { previewTemplate } from './templates/template-engine';

interface LastEvent {
  id: string;
  kind: AlertEventKind;
  state: AlertState | null;
  rule_state: AlertState;
  alertname: string | null;
  instance: string | null;
  description: string | null;
  created_at: Date | string;
  labels: Record<string, string> | string | null;
  annotations: Record<string, string> | string | null;
  summary: string | null;
  fired_at: Date | string | null;
  resolved_at: Date | string | null;
}

const objectOf = (value: Record<string, string> | string | null): Record<string, string> | null =>
  typeof value === 'string' ? (JSON.parse(value) as Record<string, string>) : value;

/**
 * Renders a template against the rule's last alert event (a sample firing alert when it has none),
 * as a send would: a template that does not parse or fails to render is a 422 at `template` naming
 * the line. No acknowledge link is signed for a preview; `ack_link` shows a placeholder. The behavior
 * rules' `TemplatePreviewer`.
 */
export async function previewRuleTemplate(
  em: EntityManager,
  rule: PreviewedRule,
  template: string,
  now: Date,
): Promise<TemplatePreviewAnswer> {
  const [last] = await queryRows<LastEvent>(
    em,
    `select e.id, e.kind, e.state, e.rule_state, e.alertname, e.instance, e.description, e.created_at,
            i.labels, e.payload->'annotations' as annotations, i.summary, i.fired_at, i.resolved_at
       from alert_events e left join alert_instances i on i.id = e.instance_id
      where e.rule_id = ? and e.kind not in ('test', 'acknowledged')
      order by e.created_at desc, e.id desc limit 1`,
    [rule.id],
  );
  const facts: AlertEventFacts = last
    ? {
        kind: last.kind,
        state: last.state,
        ruleState: last.rule_state,
        ruleName: rule.name,
        alertname: last.alertname,
        instance: last.instance,
        description: last.description,
        actorName: null,
        createdAt: new Date(last.created_at),
      }
    : {
        kind: 'fired',
        state: 'critical',
        ruleState: 'critical',
        ruleName: rule.name,
        alertname: 'example',
        instance: 'example-instance',
        description: 'An example alert: the rule has no event yet.',
        actorName: null,
        createdAt: now,
      };
  const context = templateContext(facts, {
    ruleId: rule.id,
    ruleType: rule.type,
    labels: last ? objectOf(last.labels) : { instance: 'example-instance' },
    annotations: last ? objectOf(last.annotations) : {},
    summary: last?.summary ?? null,
    firedAt: last?.fired_at ? new Date(last.fired_at) : null,
    resolvedAt: last?.resolved_at ? new Date(last.resolved_at) : null,
    acknowledgeUrl: 'https://oncall.example/ack/preview',
  });
  const preview = await renderTurns.run('preview', () => previewTemplate(template, context));
  if (!preview.ok) {
    const where = preview.line === null ? '' : `Line ${preview.line}: `;
    throw validationFailed({ template: [`${where}${preview.message}`] });
  }
  return { status: true, text: preview.text, alertEventId: last?.id ?? null };
}
