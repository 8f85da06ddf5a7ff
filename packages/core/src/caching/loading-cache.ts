/** Loads a value by key; null means "there is none", which is not kept. */
export type Load<Value> = (key: string) => Promise<Value | null>;

export interface LoadingCacheOptions<Value> {
  readonly load: Load<Value>;
  /** How long a loaded value is reused; 0 loads on every call. */
  readonly ttlMs: number;
  /** Monotonic milliseconds. */
  readonly now: () => number;
}

/**
 * Reuses a loaded value for a short while, for reads that every request of a hot path repeats (a
 * rule token's rule on ingestion, a provider config on every send). A change to the source reaches
 * callers within `ttlMs`. Loads in flight are shared; a failed or empty load is not kept, so a
 * record created just after a miss is found on the next call.
 *
 * @example
 * const ruleOf = createLoadingCache({ load: readRuleByToken, ttlMs: 1_000, now: () => performance.now() });
 * await ruleOf(tokenHash); // read once per second at most
 */
export function createLoadingCache<Value>(options: LoadingCacheOptions<Value>): Load<Value> {
  const entries = new Map<string, { readonly until: number; readonly value: Promise<Value | null> }>();
  return (key) => {
    if (options.ttlMs <= 0) return options.load(key);
    const now = options.now();
    const cached = entries.get(key);
    if (cached && cached.until > now) return cached.value;
    const value = options.load(key);
    entries.set(key, { until: now + options.ttlMs, value });
    const forget = () => {
      if (entries.get(key)?.value === value) entries.delete(key);
    };
    value.then((loaded) => {
      if (loaded === null) forget();
    }, forget);
    // Expired entries of keys never asked again would otherwise stay forever.
    if (entries.size > 10_000) {
      for (const [staleKey, entry] of entries) if (entry.until <= now) entries.delete(staleKey);
    }
    return value;
  };
}
