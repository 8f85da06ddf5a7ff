import type { UnreachableThreshold } from '@oncall/plugin-sdk';
import type { AlertSignal } from '../alert-lifecycle/alert-signal';

/**
 * The instance a rule's "source unreachable" episode lives on. No source returns it (source
 * fingerprints are the plugin's or a hash), so it never meets a real instance; being an instance,
 * its episode pages, escalates, dedups and is recorded as every other one.
 */
export const SOURCE_UNREACHABLE_FINGERPRINT = '__source_unreachable__';
export const SOURCE_UNREACHABLE_ALERTNAME = 'Source unreachable';

/** Runs failing in a row: since when, how many, and whether the episode is open. */
export interface FailingRuns {
  readonly since: number;
  readonly runs: number;
  readonly open: boolean;
}

export interface SourceHealthPlan {
  /** Null once a run answers and nothing is open. */
  readonly failing: FailingRuns | null;
  /** Opens or resolves the episode; none while nothing changes. */
  readonly signal: AlertSignal | null;
}

/**
 * What one run changes about a rule's source being reachable: a failed run counts (the first one
 * starts the clock); the episode opens, once, when the count and the time both reach the rule's
 * threshold, and resolves with the first run that answers. The rule's own instances are not
 * touched here: a failed run resolves none of them (`planEvaluation`).
 */
export function planSourceHealth(input: {
  readonly now: number;
  readonly error: string | null;
  readonly previous: FailingRuns | null;
  readonly threshold: UnreachableThreshold;
}): SourceHealthPlan {
  const { now, error, previous, threshold } = input;
  if (error === null) {
    if (!previous?.open) return { failing: null, signal: null };
    return {
      failing: null,
      signal: {
        fingerprint: SOURCE_UNREACHABLE_FINGERPRINT,
        alertname: SOURCE_UNREACHABLE_ALERTNAME,
        instance: SOURCE_UNREACHABLE_ALERTNAME,
        state: 'resolved',
        kind: 'resolved',
        description: 'Resolved: the data source answers again',
      },
    };
  }
  const since = previous?.since ?? now;
  const runs = (previous?.runs ?? 0) + 1;
  const due = runs >= threshold.runs && now - since >= threshold.afterMs;
  if (previous?.open || !due)
    return { failing: { since, runs, open: previous?.open ?? false }, signal: null };
  const minutes = Math.round((now - since) / 60_000);
  return {
    failing: { since, runs, open: true },
    signal: {
      fingerprint: SOURCE_UNREACHABLE_FINGERPRINT,
      alertname: SOURCE_UNREACHABLE_ALERTNAME,
      instance: SOURCE_UNREACHABLE_ALERTNAME,
      state: 'critical',
      kind: 'fired',
      summary: `The rule's data source has not answered ${runs} runs in a row`,
      description: `${runs} runs in a row failed over ${minutes} min: ${error}`.slice(0, 2000),
      labels: { oncall_condition: 'source_unreachable' },
      details: { failedRuns: runs, failingSince: new Date(since).toISOString() },
      payload: { failedRuns: runs, failingSince: new Date(since).toISOString(), error },
    },
  };
}

/** The failing runs as stored in the rule's memory, read defensively. */
export function failingRunsOf(stored: unknown): FailingRuns | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { since, runs, open } = stored as { since?: unknown; runs?: unknown; open?: unknown };
  if (typeof since !== 'number' || typeof runs !== 'number') return null;
  return { since, runs, open: open === true };
}
