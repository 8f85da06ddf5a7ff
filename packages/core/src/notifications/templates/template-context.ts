import type { MessageKind, MessageSeverity } from '@oncall/plugin-sdk';
import { type AlertEventFacts, alertEventMessage } from './alert-event-message';
import type { TemplateItem } from './alert-item-lines';
import type { TemplateGroup } from './template-group';

/**
 * The variables a message template sees. Absent values are `null`, which renders empty and is false
 * in `{% if %}` (an empty string would be true in Liquid). Times are UTC, `YYYY-MM-DD HH:MM:SS UTC`.
 *
 * @example
 * const context: TemplateContext = templateContext(facts, { ruleId, ruleType: 'prometheus', labels });
 */
export interface TemplateContext {
  /** The rule: `id`, `name`, `type` (`api`, `notification` or a data-source type) and `state` after the event. */
  readonly rule: {
    readonly id: string | null;
    readonly name: string;
    readonly type: string | null;
    readonly state: string;
  };
  /** Legacy alias of `rule.name`. */
  readonly name: string;
  /** The alert's name as its source gave it (Prometheus's `alertname`); null for rule-level events. */
  readonly alertname: string | null;
  /** The instance the event is about; null for rule-level events (acknowledge, test). */
  readonly instance: string | null;
  /** `critical`, `warning`, `triggered`, `resolved` or `unknown`: the instance's state after the event, else the rule's. */
  readonly state: string;
  /** Legacy: the state as the default message's headline says it, with a mark: `🔴 CRITICAL`, `✅ RESOLVED`, … */
  readonly state_line: string;
  /** The instance's labels (`{{ labels.job }}`); empty when it has none. */
  readonly labels: Readonly<Record<string, string>>;
  /** The alert's annotations (`{{ annotations.runbook_url }}`); empty when it has none. */
  readonly annotations: Readonly<Record<string, string>>;
  readonly description: string | null;
  readonly summary: string | null;
  /** Legacy: when the event happened. */
  readonly date: string;
  /** When the instance fired (its episode began); the event's time for a fire event when not known otherwise. */
  readonly fired_at: string | null;
  /** When the instance resolved; the event's time for a resolve event when not known otherwise; null while firing. */
  readonly resolved_at: string | null;
  /** The acknowledge link, when the message offers one (a firing alert whose rule shows the button). */
  readonly ack_link: string | null;
  /** The event's alert items: one for an instance's event, none for a rule-level event. */
  readonly items: readonly TemplateItem[];
  /**
   * The instances a grouped message carries (a group interval's openings and resolves, or a
   * repeat's unacknowledged instances); null for a message about one event.
   */
  readonly group: TemplateGroup | null;
}

/**
 * What a message knows beyond {@link AlertEventFacts}; each is optional and shows as `null` (or
 * empty) when the caller does not have it.
 *
 * @example { ruleId: '0190…', ruleType: 'prometheus', labels: { job: 'node' }, acknowledgeUrl: 'https://…/ack/…' }
 */
export interface TemplateDetails {
  readonly ruleId?: string | null;
  readonly ruleType?: string | null;
  readonly labels?: Readonly<Record<string, string>> | null;
  readonly annotations?: Readonly<Record<string, string>> | null;
  readonly summary?: string | null;
  readonly firedAt?: Date | null;
  readonly resolvedAt?: Date | null;
  /** The signed acknowledge link, as given to `alertEventMessage`; shown only when the message offers it. */
  readonly acknowledgeUrl?: string;
  /** The alert items when the event covers several; by default the event's own instance. */
  readonly items?: readonly TemplateItem[];
  /** A grouped message's carried instances; absent for a message about one event. */
  readonly group?: TemplateGroup | null;
}

/** The mark and word of each state, the word as the channels' headline writes it. */
const STATE_LINES: Record<MessageSeverity, string> = {
  critical: '🔴 CRITICAL',
  warning: '🟠 WARNING',
  resolved: '✅ RESOLVED',
  triggered: '🔔 TRIGGERED',
  info: 'ℹ️ INFO',
};
const KIND_LINES: Partial<Record<MessageKind, string>> = {
  test: '🧪 TEST',
  acknowledge: '👀 ACKNOWLEDGED',
};

/**
 * Builds a template's variables from an alert event, classified exactly as the default message is
 * (same severity, same acknowledge link), so a template and the message it replaces agree.
 *
 * @example
 * templateContext({ kind: 'fired', state: 'critical', ruleState: 'critical', ruleName: 'Disk space',
 *   alertname: 'DiskFull', instance: 'db-1', description: null, actorName: null,
 *   createdAt: new Date('2026-11-26T17:05:03Z') }, { labels: { job: 'node' } })
 * // { name: 'Disk space', state: 'critical', state_line: '🔴 CRITICAL', date: '2026-11-26 17:05:03 UTC', … }
 */
export function templateContext(facts: AlertEventFacts, details: TemplateDetails = {}): TemplateContext {
  const message = alertEventMessage(facts, details.acknowledgeUrl);
  const state = facts.state ?? facts.ruleState;
  const labels = { ...(details.labels ?? {}) };
  const annotations = { ...(details.annotations ?? {}) };
  const firedAt = details.firedAt ?? (message.kind === 'alert' ? facts.createdAt : null);
  const resolvedAt = details.resolvedAt ?? (message.kind === 'resolve' ? facts.createdAt : null);
  return {
    rule: {
      id: details.ruleId ?? null,
      name: facts.ruleName,
      type: details.ruleType ?? null,
      state: facts.ruleState,
    },
    name: facts.ruleName,
    alertname: facts.alertname,
    instance: facts.instance,
    state,
    state_line: KIND_LINES[message.kind] ?? STATE_LINES[message.severity],
    labels,
    annotations,
    description: facts.description,
    summary: details.summary ?? null,
    date: templateTime(facts.createdAt),
    fired_at: firedAt && templateTime(firedAt),
    resolved_at: resolvedAt && templateTime(resolvedAt),
    ack_link: message.acknowledgeUrl ?? null,
    items:
      details.items ??
      (facts.instance === null
        ? []
        : [
            { instance: facts.instance, alertname: facts.alertname, state: facts.state, labels, annotations },
          ]),
    group: details.group ?? null,
  };
}

/**
 * A time as templates show it: UTC to the second, readable in a chat line.
 *
 * @example templateTime(new Date('2026-11-26T17:05:03.120Z')) // '2026-11-26 17:05:03 UTC'
 */
export function templateTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
