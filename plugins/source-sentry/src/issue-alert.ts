import {
  compactRecord,
  httpUrl,
  isoTime,
  isoTimeFromUnixSeconds,
  presentText,
  type SourceAlert,
  severityFromText,
} from '@oncall/plugin-sdk';
import type { SentryEvent } from './payload';

/** What both kinds of issue alert (legacy webhook, integration `event_alert`) say about one firing. */
export interface IssueAlertFacts {
  /** The Sentry alert rule that fired: what a rule's `dataSourceAlertName` names. */
  readonly rule: string;
  readonly issueId: string;
  readonly project: string | undefined;
  readonly level: string | undefined;
  readonly culprit: string | undefined;
  readonly message: string | undefined;
  readonly url: string | undefined;
  readonly event: SentryEvent | undefined;
}

/**
 * An issue alert. Sentry never reports that an issue alert is over, so it is always firing. Its
 * identity is the issue and the alert rule: the same rule firing again for the same issue (Sentry
 * repeats after the rule's action interval) is the same alert, while another rule catching the
 * same issue is another.
 */
export function issueAlert(facts: IssueAlertFacts): SourceAlert {
  const { event } = facts;
  const summary = presentText(event?.title) ?? presentText(facts.message);
  const message = presentText(facts.message);
  const tags = Object.fromEntries((event?.tags ?? []).map(({ key, value }) => [key, value]));
  return {
    name: facts.rule,
    status: 'firing',
    severity: severityFromText(facts.level),
    instance: facts.culprit,
    summary,
    description: message === summary ? undefined : message,
    labels: { ...tags, ...compactRecord({ project: facts.project }) },
    annotations: {},
    startsAt: isoTime(event?.datetime) ?? isoTimeFromUnixSeconds(event?.timestamp),
    fingerprint: `sentry-issue:${facts.issueId}:${facts.rule}`,
    details: compactRecord({
      project: facts.project,
      level: facts.level,
      url: httpUrl(facts.url),
      issueId: facts.issueId,
      eventId: event?.event_id,
    }),
    link: httpUrl(facts.url),
  };
}
