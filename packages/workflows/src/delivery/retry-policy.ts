/**
 * How a delivery retries on one provider before it falls back to the next one.
 *
 * `full` jitter waits a uniformly random share of the exponential ceiling
 * (`min(maxDelayMs, baseDelayMs × factor^(failures−1))`); `decorrelated` jitter waits between
 * `baseDelayMs` and `factor ×` the previous wait, capped at `maxDelayMs`. Both spread retries of many
 * deliveries that failed together (a provider outage) instead of hammering the provider in lockstep.
 *
 * @example
 * const policy: RetryPolicy = {
 *   baseDelayMs: 1000, factor: 2, maxDelayMs: 60_000, maxAttemptsPerProvider: 3, jitter: 'full', maxRetryAfterMs: 60_000,
 * };
 */
export interface RetryPolicy {
  readonly baseDelayMs: number;
  readonly factor: number;
  readonly maxDelayMs: number;
  /** Transient and rate-limited failures allowed on one provider before moving to the next. */
  readonly maxAttemptsPerProvider: number;
  readonly jitter: 'full' | 'decorrelated';
  /**
   * The longest Retry-After worth waiting for on one provider. A vendor asking for longer (a day's
   * quota spent) sends the delivery to the next provider at once; on the last provider it is retried
   * after this long instead. Absent in deliveries queued before the setting existed: no cap, so
   * their decisions replay as they were made.
   */
  readonly maxRetryAfterMs?: number;
}

/** Alert pages: a few quick retries, then the backup provider, all within about a minute. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 2_000,
  factor: 2,
  maxDelayMs: 60_000,
  maxAttemptsPerProvider: 3,
  jitter: 'full',
  maxRetryAfterMs: 60_000,
};

/** Throws a RangeError when a policy would loop forever or wait a negative time. */
export function assertRetryPolicy(policy: RetryPolicy): void {
  if (!(policy.baseDelayMs >= 0)) throw new RangeError('baseDelayMs must be >= 0');
  if (!(policy.factor >= 1)) throw new RangeError('factor must be >= 1');
  if (!(policy.maxDelayMs >= policy.baseDelayMs)) throw new RangeError('maxDelayMs must be >= baseDelayMs');
  if (!Number.isInteger(policy.maxAttemptsPerProvider) || policy.maxAttemptsPerProvider < 1) {
    throw new RangeError('maxAttemptsPerProvider must be an integer >= 1');
  }
  if (policy.maxRetryAfterMs !== undefined && !(policy.maxRetryAfterMs >= 0)) {
    throw new RangeError('maxRetryAfterMs must be >= 0');
  }
}

/**
 * The wait before the next attempt on the same provider, in whole milliseconds.
 *
 * @param failures failed attempts so far on this provider (1 after the first failure)
 * @param previousDelayMs the previous wait on this provider (`baseDelayMs` before the first)
 * @param jitter a random value in [0, 1) supplied by the driver, so the decider stays pure
 *
 * @example
 * backoffDelayMs({ ...DEFAULT_RETRY_POLICY, jitter: 'full' }, 3, 0, 0.5); // 0.5 × min(60000, 2000 × 2²) = 4000
 */
export function backoffDelayMs(
  policy: RetryPolicy,
  failures: number,
  previousDelayMs: number,
  jitter: number,
): number {
  // Drivers supply the random value; clamping keeps a bad one from producing a negative or huge wait.
  const share = Math.min(Math.max(jitter, 0), 1);
  if (policy.jitter === 'full') {
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * policy.factor ** (failures - 1));
    return Math.floor(share * ceiling);
  }
  const upper = Math.max(policy.baseDelayMs, previousDelayMs * policy.factor);
  return Math.floor(Math.min(policy.maxDelayMs, policy.baseDelayMs + share * (upper - policy.baseDelayMs)));
}
