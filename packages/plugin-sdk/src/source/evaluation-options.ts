import { z } from 'zod';

/**
 * A duration as Prometheus writes them (`30s`, `5m`, `1h30m`, `1d`; units ms, s, m, h, d, w) or a
 * number of seconds.
 */
const DURATION = /^(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?$/;

/** Milliseconds in a duration string; undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const match = DURATION.exec(text.trim());
  if (!match || text.trim() === '') return undefined;
  const [, w, d, h, m, s, ms] = match.map((part) => (part === undefined ? 0 : Number(part)));
  return (
    (w ?? 0) * 604_800_000 +
    (d ?? 0) * 86_400_000 +
    (h ?? 0) * 3_600_000 +
    (m ?? 0) * 60_000 +
    (s ?? 0) * 1_000 +
    (ms ?? 0)
  );
}

const DAY_MS = 86_400_000;

const seconds = (ms: number) => (ms === 1000 ? '1 second' : `${ms / 1000} seconds`);

const duration = (label: string, minMs: number, maxMs: number) =>
  z
    .union([z.string(), z.number()], {
      error: `The ${label} must be a duration such as "1m" or a number of seconds.`,
    })
    .superRefine((value, ctx) => {
      const ms = typeof value === 'number' ? value * 1000 : parseDuration(value);
      if (ms === undefined || !Number.isFinite(ms)) {
        ctx.addIssue({
          code: 'custom',
          message: `The ${label} must be a duration such as "1m" or a number of seconds.`,
        });
      } else if (ms < minMs || ms > maxMs) {
        ctx.addIssue({
          code: 'custom',
          message: `The ${label} must be between ${seconds(minMs)} and ${maxMs / DAY_MS} day.`,
        });
      }
    });

/**
 * How the service evaluates a rule it queries for itself (a `textQuery` rule's `queryObject`; an
 * Elasticsearch, VictoriaLogs or Metabase rule's `queryObject`), each a duration (`"30s"`, `"5m"`)
 * or seconds:
 *
 * - `interval` (default 60 s, 1 s … 1 day): how often the rule runs.
 * - `for` (default 0): how long an instance must be returned by consecutive runs before it fires;
 *   until then it is pending and pages nobody, as Prometheus's `for`.
 * - `keepFiringFor` (default 0): how long a firing instance stays firing after runs stop returning
 *   it, as Prometheus's `keep_firing_for`.
 * - `timeout` (default 10 s, at most the interval and 60 s): how long one run may take; a run that
 *   takes longer is recorded as failed.
 * - `unreachableAfterRuns` (default 3, 1 … 100) and `unreachableAfter` (default 2 minutes, 0 … 1
 *   day): runs that fail in a row open the rule's "source unreachable" episode, which pages, once
 *   there are that many of them and the first is at least that long ago.
 *
 * Unknown keys are kept (a form may store its own), never read.
 *
 * @example { interval: '30s', for: '2m', keepFiringFor: '5m', timeout: '10s' }
 */
export const evaluationOptionsSchema = z
  .looseObject(
    {
      interval: duration('interval', 1_000, DAY_MS).optional(),
      for: duration('for duration', 0, DAY_MS).optional(),
      keepFiringFor: duration('keep firing for duration', 0, DAY_MS).optional(),
      timeout: duration('timeout', 1_000, 60_000).optional(),
      unreachableAfterRuns: z
        .number({ error: 'The failed runs before a source counts as unreachable must be a whole number.' })
        .int({ error: 'The failed runs before a source counts as unreachable must be a whole number.' })
        .min(1, { error: 'The failed runs before a source counts as unreachable must be 1 to 100.' })
        .max(100, { error: 'The failed runs before a source counts as unreachable must be 1 to 100.' })
        .optional(),
      unreachableAfter: duration('time before a failing source counts as unreachable', 0, DAY_MS).optional(),
    },
    { error: 'The query object must be an object.' },
  )
  .superRefine((options, ctx) => {
    const timing = evaluationTiming(options);
    // An interval out of range has its own error; the timeout is only weighed against a valid one.
    const validInterval = timing.intervalMs >= 1_000 && timing.intervalMs <= DAY_MS;
    if (validInterval && timing.timeoutMs > timing.intervalMs) {
      ctx.addIssue({
        code: 'custom',
        path: ['timeout'],
        message: 'The timeout may not be longer than the interval.',
      });
    }
  });

/** The timing of a rule's runs, in milliseconds, defaults filled in. */
export interface EvaluationTiming {
  readonly intervalMs: number;
  readonly forMs: number;
  readonly keepFiringForMs: number;
  readonly timeoutMs: number;
}

export const DEFAULT_EVALUATION_TIMING: EvaluationTiming = {
  intervalMs: 60_000,
  forMs: 0,
  keepFiringForMs: 0,
  timeoutMs: 10_000,
};

function toMs(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value * 1000;
  if (typeof value === 'string') return parseDuration(value) ?? fallback;
  return fallback;
}

/**
 * The timing a rule's `queryObject` sets, defaults for what it leaves out (or an absent one). The
 * timeout defaults to the lesser of 10 s and the interval.
 *
 * @example evaluationTiming({ interval: '30s', for: '2m' }) // { intervalMs: 30000, forMs: 120000, keepFiringForMs: 0, timeoutMs: 10000 }
 */
export function evaluationTiming(
  options: Readonly<Record<string, unknown>> | null | undefined,
): EvaluationTiming {
  const intervalMs = toMs(options?.interval, DEFAULT_EVALUATION_TIMING.intervalMs);
  return {
    intervalMs,
    forMs: toMs(options?.for, DEFAULT_EVALUATION_TIMING.forMs),
    keepFiringForMs: toMs(options?.keepFiringFor, DEFAULT_EVALUATION_TIMING.keepFiringForMs),
    timeoutMs: toMs(options?.timeout, Math.min(DEFAULT_EVALUATION_TIMING.timeoutMs, intervalMs)),
  };
}

/** When failing runs make a rule's source unreachable: this many in a row, the first this long ago. */
export interface UnreachableThreshold {
  readonly runs: number;
  readonly afterMs: number;
}

export const DEFAULT_UNREACHABLE_THRESHOLD: UnreachableThreshold = { runs: 3, afterMs: 120_000 };

/**
 * The threshold a rule's `queryObject` sets (`unreachableAfterRuns`, `unreachableAfter`), defaults
 * for what it leaves out.
 *
 * @example unreachableThreshold({ unreachableAfterRuns: 5 }) // { runs: 5, afterMs: 120000 }
 */
export function unreachableThreshold(
  options: Readonly<Record<string, unknown>> | null | undefined,
): UnreachableThreshold {
  const runs = options?.unreachableAfterRuns;
  return {
    runs:
      typeof runs === 'number' && Number.isInteger(runs) && runs >= 1
        ? runs
        : DEFAULT_UNREACHABLE_THRESHOLD.runs,
    afterMs: toMs(options?.unreachableAfter, DEFAULT_UNREACHABLE_THRESHOLD.afterMs),
  };
}
