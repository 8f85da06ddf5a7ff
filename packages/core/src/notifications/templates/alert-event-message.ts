import type { ChannelMessage, MessageKind, MessageSeverity } from '@oncall/plugin-sdk';
import type { AlertEventKind } from '../../entities/alert-event.entity';
import type { AlertState } from '../../entities/alert-rule.entity';

/** What an alert notification tells: one history event of a rule, with the rule's name. */
export interface AlertEventFacts {
  readonly kind: AlertEventKind;
  /** The instance's state after the event; null for rule-level events (acknowledge, test). */
  readonly state: AlertState | null;
  /** The rule's state after the event. */
  readonly ruleState: AlertState;
  readonly ruleName: string;
  readonly alertname: string | null;
  readonly instance: string | null;
  readonly description: string | null;
  /** The alert's one-line summary (its `summary` annotation), when the event carried one. */
  readonly summary?: string | null;
  /** The instance's labels, when it has some; the message shows a bounded few. */
  readonly labels?: Readonly<Record<string, string>> | null;
  /** Who acknowledged, resolved by hand or asked for the test; null for sources and timers. */
  readonly actorName: string | null;
  /** The endpoint whose acknowledge link made an acknowledgement; null otherwise. */
  readonly viaEndpointName?: string | null;
  readonly createdAt: Date;
}

const SEVERITY_OF_STATE: Record<AlertState, MessageSeverity> = {
  critical: 'critical',
  warning: 'warning',
  triggered: 'triggered',
  resolved: 'resolved',
  unknown: 'info',
};

/** Which message an event makes: what happened, and how bad it is. */
function classify(facts: AlertEventFacts): { kind: MessageKind; severity: MessageSeverity } {
  switch (facts.kind) {
    case 'test':
      return { kind: 'test', severity: 'info' };
    case 'acknowledged':
      return { kind: 'acknowledge', severity: SEVERITY_OF_STATE[facts.ruleState] };
    case 'resolved':
    case 'auto_resolved':
      return { kind: 'resolve', severity: 'resolved' };
    default: {
      const severity = SEVERITY_OF_STATE[facts.state ?? facts.ruleState];
      return severity === 'resolved' ? { kind: 'resolve', severity } : { kind: 'alert', severity };
    }
  }
}

/**
 * Only a page about a firing alert (critical or warning) offers the acknowledge link: acknowledging
 * needs a firing rule, and a resolve, a test or a one-shot `triggered` notification has nothing to
 * acknowledge.
 */
export function offersAcknowledge(facts: AlertEventFacts): boolean {
  const { kind, severity } = classify(facts);
  return kind === 'alert' && (severity === 'critical' || severity === 'warning');
}

/**
 * The acknowledge link: a page that acknowledges on its button, the token its last path segment;
 * `publicUrl` may carry a path prefix (a reverse proxy's).
 *
 * @example acknowledgeLink('https://oncall.example.com', token)
 * // 'https://oncall.example.com/ack/<token>'
 */
export function acknowledgeLink(publicUrl: string, token: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/ack/${encodeURIComponent(token)}`;
}

/**
 * Renders one alert event in the user's words. The title names the rule (and the instance); the
 * channels put the severity in front of it, so it is not repeated here.
 *
 * @example
 * alertEventMessage({ kind: 'fired', state: 'critical', ruleName: 'Disk space', instance: 'db-1', … })
 * // { kind: 'alert', severity: 'critical', title: 'Disk space — db-1', body: 'Free space 3%\n\nRule: …' }
 */
export function alertEventMessage(facts: AlertEventFacts, acknowledgeUrl?: string): ChannelMessage {
  const { kind, severity } = classify(facts);
  const time = `Time: ${utcTime(facts.createdAt)}`;
  if (kind === 'test') {
    const by = facts.actorName ? `, sent by ${facts.actorName}` : '';
    return {
      kind,
      severity,
      title: facts.ruleName,
      body: lines(
        `This is a test notification for rule ${facts.ruleName}${by}.`,
        'Alerts of this rule will reach you here.',
        '',
        time,
      ),
    };
  }
  if (kind === 'acknowledge') {
    return {
      kind,
      severity,
      title: facts.ruleName,
      body: lines(
        `${facts.actorName ?? 'Someone'} acknowledged ${facts.ruleName}${
          facts.viaEndpointName ? ` via ${facts.viaEndpointName}` : ''
        }.`,
        '',
        `State: ${facts.ruleState}`,
        time,
      ),
    };
  }
  // A source alert without an instance takes its name as the instance: that is no instance to show.
  const instance = facts.instance && facts.instance !== facts.alertname ? facts.instance : null;
  const details = lines(
    `Rule: ${facts.ruleName}`,
    facts.alertname ? `Alert: ${facts.alertname}` : null,
    instance ? `Instance: ${instance}` : null,
    `State: ${facts.state ?? facts.ruleState}`,
    labelLine(facts.labels),
    time,
  );
  const description = facts.description?.trim() || null;
  const summary = facts.summary?.trim() || null;
  const said = [summary !== description ? summary : null, description].filter(
    (text): text is string => text !== null,
  );
  return {
    kind,
    severity,
    title: instance ? `${facts.ruleName} — ${instance}` : facts.ruleName,
    body: said.length > 0 ? lines(...said, '', details) : details,
    ...(acknowledgeUrl && kind === 'alert' ? { acknowledgeUrl } : {}),
  };
}

/** Labels a page shows at most, and how much of each value: a page is read on a phone. */
const MAX_LABELS = 10;
const MAX_LABEL_VALUE = 100;

/** `Labels: a=1, b=2 … and N more`, the alert name left out (the message says it); null without labels. */
function labelLine(labels: Readonly<Record<string, string>> | null | undefined): string | null {
  const shown = Object.entries(labels ?? {})
    .filter(([name]) => name !== 'alertname')
    .sort(([a], [b]) => a.localeCompare(b));
  if (shown.length === 0) return null;
  const cut = (value: string) =>
    value.length > MAX_LABEL_VALUE ? `${value.slice(0, MAX_LABEL_VALUE - 1)}…` : value;
  const listed = shown.slice(0, MAX_LABELS).map(([name, value]) => `${name}=${cut(String(value))}`);
  const more = shown.length > MAX_LABELS ? ` and ${shown.length - MAX_LABELS} more` : '';
  return `Labels: ${listed.join(', ')}${more}`;
}

function lines(...parts: (string | null)[]): string {
  return parts.filter((part): part is string => part !== null).join('\n');
}

/** ISO 8601 in UTC to the second: readers compare it with their monitoring's clocks. */
function utcTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
