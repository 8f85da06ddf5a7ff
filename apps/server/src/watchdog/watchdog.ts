/** A ping gives up after this long (or the interval, if shorter): the next one is on its way. */
const PING_TIMEOUT_MS = 10_000;

export interface WatchdogOptions {
  /** The external heartbeat's ping URL (`WATCHDOG_URL`); its path and query may hold a secret. */
  url: string;
  intervalMs: number;
  /** Told of a ping that failed, in words naming only the URL's origin. */
  onFailure: (message: string) => void;
  fetch?: typeof fetch;
}

export interface Watchdog {
  stop(): Promise<void>;
}

/**
 * Pings an external heartbeat (Healthchecks, another instance's heartbeat rule) now and then every
 * interval while the process runs, so something outside notices when it stops. The URL comes from
 * the operator's environment, not a user, so it is fetched directly rather than through the
 * delivery SSRF guard. A failed ping is reported and the schedule goes on; `stop` ends it and
 * waits for (or aborts) a ping in flight.
 */
export function startWatchdog(options: WatchdogOptions): Watchdog {
  const send = options.fetch ?? fetch;
  const origin = new URL(options.url).origin;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const ping = async () => {
    try {
      const signal = AbortSignal.any([
        stopping.signal,
        AbortSignal.timeout(Math.min(PING_TIMEOUT_MS, options.intervalMs)),
      ]);
      const response = await send(options.url, { method: 'GET', signal, redirect: 'follow' });
      await response.body?.cancel();
      if (!response.ok) options.onFailure(`The watchdog ping to ${origin} answered HTTP ${response.status}.`);
    } catch (error) {
      if (stopping.signal.aborted) return;
      options.onFailure(`The watchdog ping to ${origin} failed: ${reasonOf(error)}.`);
    }
  };
  const next = (delayMs: number) => {
    timer = setTimeout(() => {
      inFlight = ping().finally(() => {
        if (!stopping.signal.aborted) next(options.intervalMs);
      });
    }, delayMs);
    timer.unref();
  };
  next(0);
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await inFlight;
    },
  };
}

/** The error's code or name, never its message: a fetch error's message can quote the URL. */
function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause;
    if (typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string') {
      return cause.code;
    }
    return error.name === 'TimeoutError' ? 'no answer in time' : error.name;
  }
  return 'unknown error';
}
