import { defaultFingerprint, type SourceAlert } from '@oncall/plugin-sdk';
import type { AlertSignal } from '../alert-lifecycle/alert-signal';
import { signalOfAlert, storedFingerprint } from '../alert-lifecycle/source-alert-signal';
import { type FailingRuns, failingRunsOf } from './source-unreachable';

/**
 * What a rule's runs remember between them: instances returned but not yet firing (pending their
 * `for` duration) since when, and when each firing instance was last returned and by which data
 * source (for `keepFiringFor`, and so that a source that failed resolves none of its instances).
 */
export interface EvaluationMemory {
  readonly pending: Readonly<Record<string, number>>;
  readonly seen: Readonly<Record<string, SeenInstance>>;
  /** Runs failing in a row, for the rule's "source unreachable" episode; absent while runs answer. */
  readonly failing?: FailingRuns;
}

/** A firing instance: when it was last returned, by which source, and since when runs miss it. */
export interface SeenInstance {
  readonly at: number;
  readonly source: string;
  readonly missingSince?: number;
}

export const EMPTY_MEMORY: EvaluationMemory = { pending: {}, seen: {} };

/** One data source's answer to one run: the alerts firing there, or why it did not answer. */
export type SourceAnswer =
  | { readonly sourceId: string; readonly ok: true; readonly firing: readonly SourceAlert[] }
  | { readonly sourceId: string; readonly ok: false; readonly reason: string };

/** An instance of the rule that is firing now, as stored. */
export interface FiringRow {
  readonly fingerprint: string;
  readonly alertname: string | null;
  readonly instance: string;
}

export interface EvaluationPlan {
  /**
   * Fires of instances that start firing now, then resolves of those that stopped; each names the
   * data source that returned (or last returned) it in `payload.dataSourceId`, for its history event.
   */
  readonly signals: readonly AlertSignal[];
  readonly memory: EvaluationMemory;
  /** Instances returned but held by `for`. */
  readonly pendingCount: number;
}

/** The description of an instance resolved because the rule's query stopped returning it. */
export const NO_LONGER_RETURNED = 'Resolved: the query no longer returns it';

/**
 * Decides what one run of an evaluated rule changes, as Prometheus's rule evaluation does: an
 * instance returned for `forMs` (by every run in between) fires; a firing instance no longer
 * returned resolves once `keepFiringForMs` has passed since the first run that missed it. An instance of a
 * data source that did not answer is left as it is: a failed query is no evidence that it stopped.
 * A firing instance already firing is not fired again (nothing would change, and a thousand-series
 * rule would write a thousand rows a run).
 *
 * Instances are keyed by the data source and the alert's fingerprint (the plugin's, or the SDK's
 * default over its name and labels), so the same series from two data sources are two instances.
 */
export function planEvaluation(input: {
  readonly now: number;
  readonly forMs: number;
  readonly keepFiringForMs: number;
  readonly memory: EvaluationMemory;
  readonly answers: readonly SourceAnswer[];
  readonly firing: readonly FiringRow[];
}): EvaluationPlan {
  const { now, forMs, keepFiringForMs, memory } = input;
  const firingNow = new Set(input.firing.map((row) => row.fingerprint));
  const failedSources = new Set(input.answers.filter((a) => !a.ok).map((a) => a.sourceId));
  const pending: Record<string, number> = {};
  const seen: Record<string, SeenInstance> = {};
  const signals: AlertSignal[] = [];
  const returned = new Set<string>();

  for (const answer of input.answers) {
    if (!answer.ok) continue;
    for (const alert of answer.firing) {
      const fingerprint = instanceKey(answer.sourceId, alert);
      if (returned.has(fingerprint)) continue;
      returned.add(fingerprint);
      seen[fingerprint] = { at: now, source: answer.sourceId };
      if (firingNow.has(fingerprint)) continue;
      const since = memory.pending[fingerprint] ?? now;
      if (now - since >= forMs) {
        const signal = signalOfAlert({ ...alert, status: 'firing', fingerprint });
        signals.push({
          ...signal,
          details: { ...signal.details, dataSourceId: answer.sourceId },
          payload: { ...signal.payload, dataSourceId: answer.sourceId },
        });
      } else {
        pending[fingerprint] = since;
      }
    }
  }

  for (const row of input.firing) {
    if (returned.has(row.fingerprint)) continue;
    const last = memory.seen[row.fingerprint];
    if (last !== undefined && failedSources.has(last.source)) {
      seen[row.fingerprint] = last;
      continue;
    }
    const missingSince = last?.missingSince ?? now;
    if (last !== undefined && now - missingSince < keepFiringForMs) {
      seen[row.fingerprint] = { ...last, missingSince };
      continue;
    }
    signals.push({
      fingerprint: row.fingerprint,
      alertname: row.alertname,
      instance: row.instance,
      state: 'resolved',
      kind: 'resolved',
      description: NO_LONGER_RETURNED,
      ...(last === undefined ? {} : { payload: { dataSourceId: last.source } }),
    });
  }

  return { signals, memory: { pending, seen }, pendingCount: Object.keys(pending).length };
}

function instanceKey(sourceId: string, alert: SourceAlert): string {
  return storedFingerprint(`${sourceId}:${alert.fingerprint ?? defaultFingerprint(alert)}`);
}

/** Memory as stored (JSON), read defensively: anything unexpected counts as nothing remembered. */
export function memoryOf(stored: unknown): EvaluationMemory {
  if (typeof stored !== 'object' || stored === null) return EMPTY_MEMORY;
  const { pending, seen } = stored as { pending?: unknown; seen?: unknown };
  const pendingOut: Record<string, number> = {};
  if (typeof pending === 'object' && pending !== null) {
    for (const [key, value] of Object.entries(pending)) {
      if (typeof value === 'number') pendingOut[key] = value;
    }
  }
  const seenOut: Record<string, SeenInstance> = {};
  if (typeof seen === 'object' && seen !== null) {
    for (const [key, value] of Object.entries(seen)) {
      if (typeof value !== 'object' || value === null) continue;
      const { at, source, missingSince } = value as {
        at?: unknown;
        source?: unknown;
        missingSince?: unknown;
      };
      if (typeof at !== 'number' || typeof source !== 'string') continue;
      seenOut[key] = typeof missingSince === 'number' ? { at, source, missingSince } : { at, source };
    }
  }
  const failing = failingRunsOf((stored as { failing?: unknown }).failing);
  return failing ? { pending: pendingOut, seen: seenOut, failing } : { pending: pendingOut, seen: seenOut };
}
