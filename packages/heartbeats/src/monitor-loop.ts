/**
 * Runs the heartbeat monitor every `everyMs` (a quarter second by default, so a missed deadline
 * fires well within a second), one pass at a time. Every replica may run one: the claim splits
 * the work between them. `stop` waits for the pass in progress.
 */
export function startHeartbeatMonitor(options: {
  runDue: () => Promise<number>;
  everyMs?: number;
  onError: (error: unknown) => void;
}): { stop(): Promise<void> } {
  const everyMs = options.everyMs ?? 250;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = options
      .runDue()
      .then(
        () => undefined,
        (error: unknown) => options.onError(error),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs);
      });
  };
  timer = setTimeout(tick, everyMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
