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
  /**
   * `batchSize` of the dispatch queue (the Temporal driver's outbox): the notifies of one group
   * window running together are decided in one transaction (`grouped-dispatch.ts`), so in a storm
   * the jobs in flight are what bounds a window's batch, and each batch rewrites the window's state
   * once.
   */
  readonly dispatchBatchSize: number;
  /**
   * Deliveries each slow lane (email, chat) runs at once in this process (on Temporal, the lane
   * worker's activities). Each runs on its own, so a send that hangs until its attempt timeout holds
   * one place and nothing else; the places are what lets one owner's fast vendor take hundreds of
   * messages a second while its shares stay bounded.
   */
  readonly slowLaneWorkers: number;
  /**
   * Sends to one owner's endpoints running at once in each slow lane of this process: one member's
   * hanging webhooks cannot take every place of the lane from the other owners.
   */
  readonly slowLanePerOwner: number;
  /**
   * Sends for one alert rule running at once in each slow lane of this process, whoever owns the
   * endpoints: tarpit endpoints handed to many users still count against the rule that pages them.
   */
  readonly slowLanePerRule: number;
  /** Sends for the rules of one owner running at once in each slow lane of this process. */
  readonly slowLanePerRuleOwner: number;
  /**
   * How often an idle slow lane's pump claims, in seconds (`claim-pump.ts`). New jobs wake it at
   * once (NOTIFY), and so does a job of its own ending; the poll runs that lane's backoff timers when
   * due, which may run this much late. Every poll is a statement on the pool the fires use (on
   * PGlite, on its one session): one per lane, whatever its places.
   */
  readonly slowLanePollingIntervalSeconds: number;
  /**
   * Retries of a handler that threw: the database or Temporal was unreachable, a page waits for its
   * channel's first provider config (a bug is retried only for `programmingErrorRetrySeconds`).
   * Sends that fail retry through the decider instead.
   * Unbounded by default (`RETRY_UNTIL_RETENTION`): a page must not be given up after a count while
   * its cause may be fixed; pg-boss drops a job still queued after the queue's 14-day retention.
   */
  readonly retryLimit: number;
  /**
   * Dispatches the committing process runs at once right after commit (fire → page without a queue
   * hop); more wait for a turn.
   */
  readonly directConcurrency: number;
  /**
   * How long a committed dispatch waits for a direct turn before its job goes to the workers. Also
   * part of the lease before a worker may take a direct job over from a process that died.
   */
  readonly directMaxWaitMs: number;
  /**
   * How often a process with workers says it is alive (a row by the database clock, with the jobs
   * it is running) and looks for the work of processes that are not (`process-registry.ts`).
   */
  readonly takeoverHeartbeatSeconds: number;
  /**
   * A process not heard for this long is dead: its direct dispatches still under lease and the jobs
   * it had active are made runnable at once, instead of at the lease's or the expiry's end. A live
   * process stalled this long (event loop, network) is taken for dead too, and what it was sending
   * may be sent twice: longer is safer against that, shorter pages sooner after a crash.
   */
  readonly takeoverAfterSeconds: number;
  /** Longest wait between two handler retries, in seconds; they back off from 1 s up to it. */
  readonly retryDelayMaxSeconds: number;
  /**
   * How long a job whose handler keeps failing with a programming error (a TypeError, a
   * ReferenceError: a bug, not an outage) is retried, counted from the first such failure in a row;
   * after that it fails for good (`failed` in pg-boss) instead of retrying until retention.
   */
  readonly programmingErrorRetrySeconds: number;
}

/** pg-boss's retry count is a 32-bit integer: its largest value stands for "no limit". */
export const RETRY_UNTIL_RETENTION = 2_147_483_647;

export const DEFAULT_QUEUE_TUNING: QueueTuning = {
  pollingIntervalSeconds: 1,
  expireInSeconds: 90,
  superviseIntervalSeconds: 15,
  batchSize: 16,
  localConcurrency: 4,
  dispatchBatchSize: 128,
  slowLaneWorkers: 64,
  slowLanePerOwner: 16,
  slowLanePerRule: 24,
  slowLanePerRuleOwner: 32,
  slowLanePollingIntervalSeconds: 5,
  directConcurrency: 64,
  directMaxWaitMs: 2_000,
  takeoverHeartbeatSeconds: 1,
  takeoverAfterSeconds: 5,
  retryLimit: RETRY_UNTIL_RETENTION,
  retryDelayMaxSeconds: 60,
  programmingErrorRetrySeconds: 600,
};
