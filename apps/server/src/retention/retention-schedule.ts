export interface RetentionScheduleOptions {
  /** One check: the core claims the run (only one replica per interval) and prunes. */
  readonly run: () => Promise<unknown>;
  readonly everyMs: number;
  /** The first check waits this long, so a start (or a test's short-lived server) is not slowed by it. */
  readonly firstAfterMs: number;
  readonly onError: (error: unknown) => void;
}

export interface RetentionSchedule {
  /** No more runs; waits for one in flight, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Every server process checks on a timer; the claim in the database decides which one runs, so
 * this works alike on PGlite, on PostgreSQL with any number of replicas, and with either engine.
 */
export function scheduleRetention(options: RetentionScheduleOptions): RetentionSchedule {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const next = (delayMs: number) => {
    timer = setTimeout(() => {
      inFlight = options
        .run()
        .then(
          () => undefined,
          (error: unknown) => options.onError(error),
        )
        .finally(() => {
          if (!stopped) next(options.everyMs);
        });
    }, delayMs);
    timer.unref();
  };
  next(options.firstAfterMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
