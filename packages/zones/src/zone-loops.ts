/**
 * Runs `pass` every `everyMs`, one at a time (the next waits for the last); `stop` waits for the
 * pass in progress. The zone heartbeat sender and the silence pass both run on it.
 */
export function startZoneLoop(options: {
  pass: () => Promise<unknown>;
  everyMs: number;
  onError: (error: unknown) => void;
}): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = options
      .pass()
      .then(
        () => undefined,
        (error: unknown) => options.onError(error),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.everyMs);
      });
  };
  timer = setTimeout(tick, Math.min(options.everyMs, 1_000));
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
