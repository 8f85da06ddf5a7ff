export interface RepeatingPassOptions {
  /** One pass; its own claim in the database decides what this replica does (retention: the
   * interval's one run; the on-call history: the schedules it locks). */
  readonly run: () => Promise<unknown>;
  readonly everyMs: number;
  /** The first check waits this long, so a start (or a test's short-lived server) is not slowed by it. */
  readonly firstAfterMs: number;
  readonly onError: (error: unknown) => void;
}

export interface RepeatingPass {
  /** No more runs; waits for one in flight, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Background work every server process runs on a timer, one pass at a time; the claim in the
 * database decides which replica does what, so this works alike on PGlite, on PostgreSQL with any
 * number of replicas, and with either engine.
 */
export function startRepeatingPass(options: RepeatingPassOptions): RepeatingPass {
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
