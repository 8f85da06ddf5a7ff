import type { RouterOutputs } from '../trpc/router-types';

type LogEntry = RouterOutputs['episodes']['deliveryLog']['items'][number];
export type TestAttempt = Extract<LogEntry, { type: 'attempt' }>;

/** How far the server's clock may be behind the browser's before a test is missed. */
const CLOCK_SLACK_MS = 5_000;

/**
 * The attempts of the newest test event recorded since `sentAt` (one delivery per endpoint the
 * rule pages, a flow's steps included), oldest first; empty while none is logged yet.
 */
export function testAttemptsSince(entries: readonly LogEntry[], sentAt: number): TestAttempt[] {
  const tests = entries.filter(
    (entry): entry is TestAttempt =>
      entry.type === 'attempt' &&
      entry.eventKind === 'test' &&
      Date.parse(entry.createdAt) >= sentAt - CLOCK_SLACK_MS,
  );
  const newest = tests[0]?.alertEventId;
  return tests.filter((entry) => entry.alertEventId === newest).reverse();
}

/** An attempt's outcome in words. */
export function attemptOutcome(attempt: TestAttempt): string {
  const via = attempt.fallback ? ' by the backup provider' : '';
  const latency = attempt.latencyMs === null ? '' : ` in ${attempt.latencyMs} ms`;
  switch (attempt.outcome) {
    case 'delivered':
      return `delivered${via}${latency}`;
    case 'permanent':
      return `failed: ${attempt.error ?? 'refused'}`;
    default:
      return `failed, retrying: ${attempt.error ?? 'no answer'}`;
  }
}
