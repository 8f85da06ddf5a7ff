/** How an interval field counts: the server stores seconds, people think in minutes too. */
export type IntervalUnit = 'seconds' | 'minutes';

/** An interval as the form edits it: '' while empty. */
export interface IntervalDraft {
  amount: number | '';
  unit: IntervalUnit;
}

/** The rule's grouping settings as the form edits them (docs/grouping.md). */
export interface GroupingDraft {
  groupInterval: IntervalDraft;
  groupBy: string[];
  repeatInterval: IntervalDraft;
}

/** The grouping fields of a rule as the server reads and writes them, in seconds. */
export interface GroupingSettings {
  groupInterval: number | null;
  groupBy: string[];
  repeatInterval: number;
}

/**
 * A stored interval in the unit that reads best: whole minutes as minutes, anything else as seconds.
 *
 * @example intervalDraftOf(600); // { amount: 10, unit: 'minutes' }
 */
export function intervalDraftOf(seconds: number | null): IntervalDraft {
  if (seconds === null) return { amount: '', unit: 'minutes' };
  if (seconds > 0 && seconds % 60 === 0) return { amount: seconds / 60, unit: 'minutes' };
  return { amount: seconds, unit: 'seconds' };
}

/**
 * An interval in seconds; null while empty.
 *
 * @example secondsOf({ amount: 5, unit: 'minutes' }); // 300
 */
export function secondsOf(interval: IntervalDraft): number | null {
  if (interval.amount === '') return null;
  return Math.round(interval.amount * (interval.unit === 'minutes' ? 60 : 1));
}

/** A new rule's grouping (the service default, one group, no repeats), or a stored rule's. */
export function groupingDraftOf(rule?: GroupingSettings): GroupingDraft {
  return {
    groupInterval: intervalDraftOf(rule?.groupInterval ?? null),
    groupBy: rule?.groupBy ?? [],
    repeatInterval: rule?.repeatInterval
      ? intervalDraftOf(rule.repeatInterval)
      : { amount: '', unit: 'minutes' },
  };
}

/**
 * The body's grouping fields: an empty group interval is null (the service default), an empty
 * repeat interval 0 (never).
 */
export function groupingBody(draft: GroupingDraft): GroupingSettings {
  return {
    groupInterval: secondsOf(draft.groupInterval),
    groupBy: draft.groupBy.map((label) => label.trim()).filter((label) => label !== ''),
    repeatInterval: secondsOf(draft.repeatInterval) ?? 0,
  };
}

/**
 * "5 minutes", "90 seconds", "1 minute".
 *
 * @example durationText(3600); // '60 minutes'
 */
export function durationText(seconds: number): string {
  const { amount, unit } = intervalDraftOf(seconds);
  const singular = unit === 'minutes' ? 'minute' : 'second';
  return `${amount} ${amount === 1 ? singular : unit}`;
}

/**
 * What an empty group interval means: the service's (`ALERT_GROUP_INTERVAL_SECONDS`), as
 * `alertRules.createData.grouping` says it; named by its variable while that is not known.
 */
function serviceDefaultText(defaultSeconds: number | undefined): string {
  if (defaultSeconds === undefined) return 'the service default (ALERT_GROUP_INTERVAL_SECONDS)';
  if (defaultSeconds === 0)
    return 'the service default (ALERT_GROUP_INTERVAL_SECONDS), 0: one page per instance';
  return `the service default (ALERT_GROUP_INTERVAL_SECONDS), ${durationText(defaultSeconds)}`;
}

/** What the group interval as typed will do; `defaultSeconds` is the service's, when known. */
export function groupIntervalHint(interval: IntervalDraft, defaultSeconds?: number): string {
  const seconds = secondsOf(interval);
  if (seconds === null) return `Empty: ${serviceDefaultText(defaultSeconds)}.`;
  if (seconds === 0) return '0: every instance pages on its own.';
  return `The first instance pages at once; what opens or resolves in the next ${durationText(seconds)} goes as one message.`;
}

/** What the repeat interval as typed will do. */
export function repeatIntervalHint(interval: IntervalDraft): string {
  const seconds = secondsOf(interval) ?? 0;
  if (seconds === 0) return 'Empty or 0: a page is never repeated.';
  return `Firing instances nobody acknowledged are paged again ${durationText(seconds)} after the last message.`;
}

/** What the group-by labels do. */
export function groupByHint(labels: readonly string[]): string {
  if (labels.length === 0) return 'No labels: all instances of the rule form one group per endpoint.';
  return `Instances with different values of ${labels.join(', ')} are grouped apart.`;
}
