/**
 * How long the monitor sleeps at most between passes, even when nothing is due sooner: a ping in
 * another process may have set an earlier due time. Shorter than the shortest period (1 s), so a
 * due time set by a ping is seen before it falls due.
 */
export const MONITOR_MAX_SLEEP_MS = 500;

/**
 * Runs the heartbeat monitor: a pass (`runDue`), then a sleep until the earliest due time left
 * (`nextDueAt`), at most `maxSleepMs`, so a missed deadline is looked at when it falls due rather
 * than at the next tick of a fixed interval. One pass at a time. Every replica may run one: the
 * claim splits the work between them. `stop` waits for the pass in progress.
 */
export function startHeartbeatMonitor(options: {
  runDue: () => Promise<number>;
  /** The earliest due time of any heartbeat, or null when none waits. */
  nextDueAt: () => Promise<Date | null>;
  now: () => Date;
  maxSleepMs?: number;
  onError: (error: unknown) => void;
}): { stop(): Promise<void> } {
  const maxSleepMs = options.maxSleepMs ?? MONITOR_MAX_SLEEP_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const pass = async (): Promise<number> => {
    await options.runDue();
    const next = await options.nextDueAt();
    if (next === null) return maxSleepMs;
    return Math.max(0, Math.min(maxSleepMs, next.getTime() - options.now().getTime()));
  };
  const tick = () => {
    running = pass()
      .then(
        (sleepMs) => sleepMs,
        (error: unknown) => {
          options.onError(error);
          return maxSleepMs;
        },
      )
      .then((sleepMs) => {
        if (!stopped) timer = setTimeout(tick, sleepMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
