/**
 * How the embedded queue polls, expires and retries. The defaults suit a single server; tests and
 * the crash test shorten the expiry and supervision so a dead worker's job is retried quickly.
 */
export interface QueueTuning {
  /**
   * Poll interval of each worker, in seconds (pg-boss's minimum is 0.5). New jobs arrive by
   * LISTEN/NOTIFY at once; polling is what runs delayed jobs (backoff timers, flow waits) when due.
   */
  readonly pollingIntervalSeconds: number;
  /**
   * How long a handler may run before its job counts as lost and is retried: longer than the
   * sends one handler can make in a row (each bounded by the attempt timeout).
   */
  readonly expireInSeconds: number;
  /** How often expired jobs are looked for; a crashed worker's job is retried within about expiry + this. */
  readonly superviseIntervalSeconds: number;
  /**
   * Jobs fetched per poll by one worker, run concurrently. A worker fetches again only when its
   * whole batch is done, so one slow send holds its batch-mates' worker: bigger batches drain a
   * backlog faster, smaller ones keep a hanging provider from delaying more pages.
   */
  readonly batchSize: number;
  /** Workers per queue in this process, each with its own batch. */
  readonly localConcurrency: number;
  /** Retries of a handler that failed (the database was down, a bug); sends retry through the decider. */
  readonly retryLimit: number;
}

export const DEFAULT_QUEUE_TUNING: QueueTuning = {
  pollingIntervalSeconds: 1,
  expireInSeconds: 90,
  superviseIntervalSeconds: 15,
  batchSize: 16,
  localConcurrency: 4,
  retryLimit: 10,
};
