import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { ChannelMessage } from '@oncall/plugin-sdk';
import { recordNotificationBehaviors } from '../behavior-rules/notification-behavior-log';
import type { DeliveryCarried } from '../entities/delivery-attempt.entity';
import { isId } from '../entities/new-id';
import { queryRows } from '../persistence/query-rows';
import type { AckLinkSigner } from './ack-link';
import { type EventMessageFacts, freshEventFactsOf } from './fresh-event-facts';
import { type CarriedGroup, messageGroupOf, readCarriedGroup, ruleUrlOf } from './message-group';
import { acknowledgeLink, alertEventMessage, offersAcknowledge } from './templates/alert-event-message';
import { renderTurns } from './templates/render-turns';
import { templateContext } from './templates/template-context';
import { readsVariable, renderTemplate } from './templates/template-engine';
import { templateGroupOf } from './templates/template-group';
import { templatedMessage } from './templates/templated-message';

export interface AlertEventMessagesOptions {
  readonly orm: MikroORM;
  /** Signs acknowledge links; the core's signer, or one built from the same JWT secret and lifetime. */
  readonly ackLinks: Pick<AckLinkSigner, 'sign'>;
  /** Where users reach the service (`PUBLIC_URL`); acknowledge links start with it. */
  readonly publicUrl: string;
  /** Told of each send whose template failed (the default message went): the server logs and counts it. */
  readonly onTemplateFallback?: (fallback: TemplateFallback) => void;
}

/** A send whose template failed to render: the default message went instead. */
export interface TemplateFallback {
  readonly alertEventId: string;
  readonly endpointId: string;
  readonly behaviorRuleId: string;
  /** Why, with the line when it has one: a render bound (`… limit exceeded`) or a runtime error. */
  readonly reason: string;
}

/**
 * Renders alert notifications at send time; it implements the engine's `AlertMessageSource` port.
 * Returns null when the alert event no longer exists (nothing to send).
 */
export interface AlertEventMessages {
  messageFor(request: {
    readonly alertEventId: string;
    readonly endpointId: string;
    /** A grouped message: the instances it carries; the message is `alertEventId`'s with the list. */
    readonly carried?: DeliveryCarried;
  }): Promise<ChannelMessage | null>;
}

/** An event's message facts as stored: the event, its rule, its actor and the endpoint it came by. */
export async function readEventMessageFacts(
  em: EntityManager,
  alertEventId: string,
): Promise<EventMessageFacts | undefined> {
  const [row] = await queryRows<EventMessageFacts>(
    em,
    `select e.rule_id, e.episode_id, e.kind, e.state, e.rule_state, e.alertname, e.instance,
                e.description, coalesce(e.payload->>'summary', i.summary) as summary, i.labels, e.created_at, r.name as rule_name, r.type as rule_type, r.show_acknowledge_btn,
                r.has_behavior_rules, coalesce(nullif(u.name, ''), u.username) as actor_name,
                via.name as via_endpoint_name
           from alert_events e
           join alert_rules r on r.id = e.rule_id
           left join users u on u.id = e.actor_id
           left join endpoints via on via.id = e.via_endpoint_id
           left join alert_instances i on i.id = e.instance_id
          where e.id = ?`,
    [alertEventId],
  );
  return row;
}

/** The template behavior rule that applies to an event's message to an endpoint, and what it may show. */
interface TemplateRow {
  template_rule_id: string;
  template: string;
  labels: Record<string, string> | string | null;
  annotations: Record<string, string> | string | null;
  summary: string | null;
  fired_at: Date | string | null;
  resolved_at: Date | string | null;
}

/**
 * The alert messages over the alert history: one query reads the event, its rule and its
 * actor. The acknowledge link is signed at send time for the endpoint being paged (the request
 * names it), bound to the event's episode, so a retried or escalated page carries a link that is
 * still valid for its whole lifetime and each person's link records them.
 */
export function createAlertEventMessages(options: AlertEventMessagesOptions): AlertEventMessages {
  // An opening this process just committed left its facts here for its own pages.
  const fresh = freshEventFactsOf(options.orm);
  // A grouped message is the base event's message with the carried instances: the channels list
  // them after the body, and a template sees them as `group` (when it reads `group`, its text is
  // the list, and the channels keep only the headline's count).
  const render = async (
    alertEventId: string,
    endpointId: string,
    carried: CarriedGroup | null,
  ): Promise<ChannelMessage | null> => {
    if (!isId(alertEventId)) return null;
    const row =
      fresh.recall(alertEventId) ?? (await readEventMessageFacts(options.orm.em.fork(), alertEventId));
    if (!row) return null;
    const facts = {
      kind: row.kind,
      state: row.state,
      ruleState: row.rule_state,
      ruleName: row.rule_name,
      alertname: row.alertname,
      instance: row.instance,
      description: row.description,
      summary: row.summary,
      labels: jsonObject(row.labels),
      actorName: row.actor_name,
      viaEndpointName: row.via_endpoint_name,
      createdAt: new Date(row.created_at),
    };
    const acknowledgeUrl =
      row.show_acknowledge_btn && row.episode_id !== null && isId(endpointId) && offersAcknowledge(facts)
        ? acknowledgeLink(
            options.publicUrl,
            options.ackLinks.sign({ ruleId: row.rule_id, episodeId: row.episode_id, endpointId }),
          )
        : undefined;
    const group = carried === null ? undefined : messageGroupOf(carried, options.publicUrl);
    // The acknowledge link of one instance's page would acknowledge the group's rule: it stays.
    const message = { ...alertEventMessage(facts, acknowledgeUrl), ...(group ? { group } : {}) };
    // Only a rule with behavior rules can have a template: any other pays no statement for it.
    if (!row.has_behavior_rules || row.kind === 'test' || !isId(endpointId)) return message;
    const [template] = await queryRows<TemplateRow>(
      options.orm.em.fork(),
      `select b.id as template_rule_id, b.settings->>'template' as template, i.labels,
                e.payload->'annotations' as annotations, i.summary, i.fired_at, i.resolved_at
           from alert_events e
           join alert_rule_behavior_rules b on b.alert_rule_id = e.rule_id and b.kind = 'template'
           join alert_rule_behavior_endpoints be on be.behavior_rule_id = b.id and be.endpoint_id = ?
           left join alert_instances i on i.id = e.instance_id
          where e.id = ?
          order by b.id limit 1`,
      [endpointId, alertEventId],
    );
    if (!template) return message;
    const context = templateContext(facts, {
      ruleId: row.rule_id,
      ruleType: row.rule_type,
      labels: jsonObject(template.labels),
      annotations: jsonObject(template.annotations),
      summary: template.summary,
      firedAt: template.fired_at === null ? null : new Date(template.fired_at),
      resolvedAt: template.resolved_at === null ? null : new Date(template.resolved_at),
      acknowledgeUrl,
      group: carried === null ? null : templateGroupOf(carried, ruleUrlOf(carried, options.publicUrl)),
    });
    const rendered = await renderTurns.run('message', () => renderTemplate(template.template, context));
    // The first send records how the message was made; a retry keeps that row.
    await recordNotificationBehaviors(options.orm.em.fork(), [
      {
        alertEventId,
        endpointId,
        behaviorRuleId: template.template_rule_id,
        effect: rendered.ok ? 'templated' : 'template_fallback',
        error: rendered.ok ? null : rendered.reason,
      },
    ]);
    // A template that fails must not cost the page: the default message goes, and why is recorded.
    if (rendered.ok) {
      const templated = templatedMessage(message, rendered.text);
      return group && readsVariable(template.template, 'group')
        ? { ...templated, group: { firing: group.firing, resolved: group.resolved, items: [], more: 0 } }
        : templated;
    }
    options.onTemplateFallback?.({
      alertEventId,
      endpointId,
      behaviorRuleId: template.template_rule_id,
      reason: rendered.reason,
    });
    return message;
  };
  return {
    async messageFor({ alertEventId, endpointId, carried }) {
      const group = carried === undefined ? null : await readCarriedGroup(options.orm.em.fork(), carried);
      return render(alertEventId, endpointId, group);
    },
  };
}

/** A json(b) column of string values as the driver hands it back (text on some drivers). */
function jsonObject(value: Record<string, string> | string | null): Record<string, string> | null {
  if (value === null) return null;
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : null;
}
