import { ChannelError, type FetchLike, PermanentError } from '@oncall/plugin-sdk';
import { type Dispatcher, request } from 'undici';
import { createDispatcher } from './dispatcher';
import { firstHop } from './first-hop';
import { literalTarget } from './literal-target';
import type { ProxySettings } from './proxy-settings';
import { followRedirect, type Hop } from './redirect';
import { type Resolver, systemResolver } from './resolver';
import { createTargetPolicy, type TargetPolicy, type TargetPolicyOptions } from './target-policy';
import type { TlsSettings } from './tls-settings';
import { DEFAULT_REQUEST_HEADERS, toVendorResponse } from './vendor-response';

/** Options of {@link createHostFetch}. */
export interface HostFetchOptions extends TargetPolicyOptions {
  /** Send through this messenger proxy (Telegram, Bale). */
  readonly proxy?: ProxySettings;
  /** Redirects followed before giving up; each hop is checked again. Default 5. */
  readonly maxRedirects?: number;
  /** Host name resolution for direct connections; the system resolver by default. */
  readonly resolve?: Resolver;
  /**
   * How https targets' certificates are trusted (see {@link TlsSettings}); the system's roots and
   * full verification by default. The address guard applies whatever these say.
   */
  readonly tls?: TlsSettings;
}

/** A fetch for channel plugins (`ctx.fetch`) and the connection pool behind it. */
export interface HostFetch {
  readonly fetch: FetchLike;
  close(): Promise<void>;
}

const DEFAULT_MAX_REDIRECTS = 5;

/**
 * Builds the fetch the host gives channel plugins. By default it refuses private, loopback,
 * link-local (cloud metadata), CGNAT, unique-local and multicast targets, checked on the address
 * each connection actually uses, and follows at most five redirects, checking every hop. Refusals
 * are BlockedTargetError (a PermanentError). Through a proxy, the proxy resolves names, so only
 * literal addresses and `localhost` can be checked here.
 *
 * @example
 * const direct = createHostFetch();
 * const messenger = createHostFetch({ proxy: { type: 'socks5', host: '10.1.1.1', port: 1080 } });
 * await telegram.create(config, { fetch: messenger.fetch, logger, clock });
 */
export function createHostFetch(options: HostFetchOptions = {}): HostFetch {
  const policy = createTargetPolicy(options);
  const dispatcher = createDispatcher(policy, options.resolve ?? systemResolver, options.proxy, options.tls);
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;

  const send = async (hop: Hop, signal: RequestInit['signal']): Promise<Response> => {
    checkBeforeConnect(policy, hop.url);
    try {
      // undici's request, not its fetch: redirects stay manual (followed below, each hop checked).
      const answer = await request(hop.url, {
        method: hop.method as Dispatcher.HttpMethod,
        body: hop.body,
        headers: { ...DEFAULT_REQUEST_HEADERS, ...Object.fromEntries(hop.headers) },
        signal: signal ?? undefined,
        dispatcher,
      });
      return toVendorResponse(answer);
    } catch (error) {
      throw channelErrorIn(error) ?? error;
    }
  };

  const fetch: FetchLike = async (input, init = {}) => {
    let hop = await firstHop(input, init);
    for (let redirects = 0; ; redirects += 1) {
      const response = await send(hop, init.signal);
      const next = init.redirect === 'manual' ? undefined : followRedirect(response, hop);
      if (next === undefined) return response;
      await response.body?.cancel();
      if (init.redirect === 'error') throw new PermanentError(`Unexpected redirect from ${hop.url.origin}`);
      if (redirects >= maxRedirects)
        throw new PermanentError(`More than ${maxRedirects} redirects from ${input}`);
      hop = next;
    }
  };

  return { fetch, close: () => dispatcher.close() };
}

function checkBeforeConnect(policy: TargetPolicy, url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PermanentError(`Refused to fetch a ${url.protocol} URL; only http and https are allowed`);
  }
  const literal = literalTarget(url);
  if (literal !== undefined) policy.assertAllowed(url.hostname, literal);
}

// The guard's refusal may come wrapped (as a connection failure's `cause`).
function channelErrorIn(error: unknown): ChannelError | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof ChannelError) return current;
  }
  return undefined;
}
