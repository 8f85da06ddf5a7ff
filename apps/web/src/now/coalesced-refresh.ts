/**
 * Runs `refresh` for a burst of changes without piling up requests: one runs at a time, and changes
 * that arrive while it runs cause exactly one more run after it (which sees them all), so 50 events
 * a second cost a request or two, and the last change is never missed.
 */
export function coalescedRefresh(refresh: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    running = true;
    try {
      do {
        again = false;
        await refresh().catch(() => undefined);
      } while (again);
    } finally {
      running = false;
    }
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}
