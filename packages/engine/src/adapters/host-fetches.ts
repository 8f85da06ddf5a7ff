import { createHostFetch, type HostFetch, type ProxySettings } from '@oncall/net-guard';
import type { FetchLike } from '@oncall/plugin-sdk';

export interface HostFetchesOptions {
  /** `ALLOW_PRIVATE_WEBHOOK_TARGETS`: turns the SSRF guard off (closed networks, tests). */
  readonly allowPrivateTargets: boolean;
}

/**
 * The fetches channels get as `ctx.fetch`, each behind one long-lived connection pool: the direct
 * one, and one through the active messenger proxy, rebuilt when the active proxy changes.
 */
export interface HostFetches {
  readonly direct: FetchLike;
  /** Through this proxy, or direct when none is active. */
  through(proxy: ProxySettings | null): FetchLike;
  close(): Promise<void>;
}

export function createHostFetches(options: HostFetchesOptions): HostFetches {
  const direct = createHostFetch({ allowPrivateTargets: options.allowPrivateTargets });
  let proxied: { key: string; fetch: HostFetch } | null = null;
  return {
    direct: direct.fetch,
    through(proxy) {
      if (proxy === null) return direct.fetch;
      const key = JSON.stringify([proxy.type, proxy.host, proxy.port, proxy.username, proxy.password]);
      if (proxied?.key !== key) {
        // Requests already on the old pool finish; close only stops it taking new ones.
        void proxied?.fetch.close().catch(() => undefined);
        proxied = {
          key,
          fetch: createHostFetch({ proxy, allowPrivateTargets: options.allowPrivateTargets }),
        };
      }
      return proxied.fetch.fetch;
    },
    async close() {
      await Promise.all([direct.close(), proxied?.fetch.close()]);
    },
  };
}
