/** Loads a value by key; null means "there is none", which is not kept. */
export type Load<Value> = (key: string) => Promise<Value | null>;

export interface LoadingCacheOptions<Value> {
  readonly load: Load<Value>;
  /** How long a loaded value is reused; 0 loads on every call. */
  readonly ttlMs: number;
  /** Monotonic milliseconds. */
  readonly now: () => number;
  /**
   * Keeps a key asked within this long loaded ahead of its expiry, in the background, so a key
   * asked regularly but less often than `ttlMs` (a rule fired every few seconds) is answered from
   * memory instead of waiting for a read. A change still reaches callers within `ttlMs`: a value
   * is reused for `ttlMs` from the moment its load started. Unset: nothing is loaded ahead.
   */
  readonly keepWarmMs?: number;
  /** The most keys kept warm at once, the most recently asked first (default 1,000). */
  readonly maxWarm?: number;
}

interface Entry<Value> {
  until: number;
  value: Promise<Value | null>;
  askedAt: number;
  reloading: boolean;
}

const DEFAULT_MAX_WARM = 1_000;

/**
 * The `keepWarmMs` of the hot path's caches (a token's rule, an endpoint's route, its destination):
 * a rule fired or an endpoint paged at least this often has its reads answered from memory.
 */
export const HOT_PATH_KEEP_WARM_MS = 10_000;
/** Expired entries of keys never asked again would otherwise stay forever. */
const SWEEP_ABOVE = 10_000;

/**
 * Reuses a loaded value for a short while, for reads that every request of a hot path repeats (a
 * rule token's rule on ingestion, a provider config on every send). A change to the source reaches
 * callers within `ttlMs`. Loads in flight are shared; a failed or empty load is not kept, so a
 * record created just after a miss is found on the next call. With `keepWarmMs`, keys in use are
 * reloaded ahead of their expiry, and their callers wait for no read.
 *
 * @example
 * const ruleOf = createLoadingCache({ load: readRuleByToken, ttlMs: 1_000, now: () => performance.now() });
 * await ruleOf(tokenHash); // read once per second at most
 */
export function createLoadingCache<Value>(options: LoadingCacheOptions<Value>): Load<Value> {
  // In the order keys were last asked, oldest first: a key asked again is moved to the end.
  const entries = new Map<string, Entry<Value>>();
  const keepWarmMs = options.keepWarmMs ?? 0;
  const maxWarm = options.maxWarm ?? DEFAULT_MAX_WARM;
  const warmEveryMs = Math.max(1, Math.floor(options.ttlMs / 2));
  let warming: ReturnType<typeof setTimeout> | null = null;

  const scheduleWarming = () => {
    if (warming !== null || keepWarmMs <= 0) return;
    warming = setTimeout(warm, warmEveryMs);
    warming.unref?.();
  };

  /** Reloads each warm key whose value has less than half its time left; keeps warming while any is warm. */
  const warm = () => {
    warming = null;
    const now = options.now();
    let warmKeys = 0;
    for (const [key, entry] of [...entries].reverse()) {
      if (now - entry.askedAt > keepWarmMs || warmKeys >= maxWarm) break;
      warmKeys += 1;
      if (!entry.reloading && entry.until - now <= options.ttlMs / 2) reload(key, entry, now);
    }
    if (warmKeys > 0) scheduleWarming();
  };

  const reload = (key: string, entry: Entry<Value>, startedAt: number) => {
    entry.reloading = true;
    // On a timer: a load that throws at once must not escape as an uncaught exception.
    Promise.resolve(key)
      .then(options.load)
      .then(
        (loaded) => {
          if (entries.get(key) !== entry) return;
          if (loaded === null) {
            entries.delete(key);
            return;
          }
          entry.value = Promise.resolve(loaded);
          entry.until = startedAt + options.ttlMs;
          entry.reloading = false;
        },
        // The value in hand stays until it expires; the next turn tries again.
        () => {
          entry.reloading = false;
        },
      );
  };

  return (key) => {
    if (options.ttlMs <= 0) return options.load(key);
    const now = options.now();
    const cached = entries.get(key);
    if (cached && cached.until > now) {
      if (keepWarmMs > 0) {
        cached.askedAt = now;
        entries.delete(key);
        entries.set(key, cached);
        scheduleWarming();
      }
      return cached.value;
    }
    const value = options.load(key);
    const entry: Entry<Value> = { until: now + options.ttlMs, value, askedAt: now, reloading: false };
    entries.delete(key);
    entries.set(key, entry);
    const forget = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    value.then((loaded) => {
      if (loaded === null) forget();
    }, forget);
    if (entries.size > SWEEP_ABOVE) {
      for (const [staleKey, stale] of entries) if (stale.until <= now) entries.delete(staleKey);
    }
    scheduleWarming();
    return value;
  };
}
