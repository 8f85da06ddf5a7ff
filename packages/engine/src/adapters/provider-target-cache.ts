import type { ProviderTarget } from './provider-target';

/** A provider config resolved for sending, or null when it no longer exists. */
export type LoadProviderTarget = (providerConfigId: string) => Promise<ProviderTarget | null>;

export interface ProviderTargetCacheOptions {
  readonly load: LoadProviderTarget;
  /** How long a resolved config is reused; 0 reads it for every send. */
  readonly ttlMs: number;
  /** Monotonic milliseconds. */
  readonly now: () => number;
}

/**
 * Reuses a provider config's resolved target (row read, secrets decrypted) for a short while: a
 * burst of pages to one provider would otherwise read and decrypt the same row for every send. An
 * edit to the config reaches sends within `ttlMs`. Loads in flight are shared, and a failed or
 * empty load is not kept, so a config created just after a miss is found on the next send.
 */
export function createProviderTargetCache(options: ProviderTargetCacheOptions): LoadProviderTarget {
  const entries = new Map<
    string,
    { readonly until: number; readonly target: Promise<ProviderTarget | null> }
  >();
  return (providerConfigId) => {
    if (options.ttlMs <= 0) return options.load(providerConfigId);
    const now = options.now();
    const cached = entries.get(providerConfigId);
    if (cached && cached.until > now) return cached.target;
    const target = options.load(providerConfigId);
    entries.set(providerConfigId, { until: now + options.ttlMs, target });
    const forget = () => {
      if (entries.get(providerConfigId)?.target === target) entries.delete(providerConfigId);
    };
    target.then((loaded) => {
      if (loaded === null) forget();
    }, forget);
    return target;
  };
}
