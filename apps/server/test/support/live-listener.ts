import type { LiveEvent } from '@oncall/core';
import type { AppRouter } from '@oncall/trpc';
import { createTRPCClient, httpSubscriptionLink } from '@trpc/client';
import { EventSource, type FetchLike } from 'eventsource';

export interface LiveListener {
  /** What arrived, in order. */
  readonly events: LiveEvent[];
  readonly errors: unknown[];
  /** The id of the last event that arrived. */
  lastId(): string | undefined;
  stop(): void;
}

export interface ListenOptions {
  token: string;
  /** How the token travels: `httpSubscriptionLink`'s connection params (default) or a header. */
  via?: 'connectionParams' | 'header';
  ruleIds?: string[];
  lastEventId?: string;
  /** The zone to follow, named as the token travels: a connection param `zone` or `X-Cluster`. */
  zone?: string;
}

/**
 * A real SSE client of `live.events`, as the web UI subscribes: `@trpc/client` with
 * `httpSubscriptionLink` over the `eventsource` package, against a server listening on a port.
 */
export function listenLive(baseUrl: string, options: ListenOptions): LiveListener {
  const viaHeader = options.via === 'header';
  const fetchWithHeader: FetchLike = (url, init) =>
    fetch(url, {
      ...init,
      headers: {
        ...init.headers,
        authorization: `Bearer ${options.token}`,
        ...(options.zone ? { 'x-cluster': options.zone } : {}),
      },
    });
  const client = createTRPCClient<AppRouter>({
    links: [
      httpSubscriptionLink({
        url: `${baseUrl}/trpc`,
        EventSource,
        ...(viaHeader
          ? {
              eventSourceOptions: { fetch: fetchWithHeader },
            }
          : { connectionParams: { token: options.token, ...(options.zone ? { zone: options.zone } : {}) } }),
      }),
    ],
  });
  const events: LiveEvent[] = [];
  const errors: unknown[] = [];
  const subscription = client.live.events.subscribe(
    { ruleIds: options.ruleIds, lastEventId: options.lastEventId },
    {
      onData: (tracked) => events.push(...tracked.data.events),
      onError: (error) => errors.push(error),
    },
  );
  return {
    events,
    errors,
    lastId: () => events.at(-1)?.id,
    stop: () => subscription.unsubscribe(),
  };
}
