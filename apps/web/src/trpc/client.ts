import type { AppRouter } from '@oncall/trpc';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { accessToken } from '../session/access-token';
import { forwardsToZone, selectedZone } from '../zones/selected-zone';
import { serverPath } from './server-url';
import { sessionRecoveryLink } from './session-recovery-link';

/** The header the server's browser-session procedures require (`BROWSER_SESSION_HEADER` in @oncall/trpc). */
export const BROWSER_HEADER = { 'x-oncall-browser': '1' } as const;

const url = serverPath('trpc');

let recoverSession: () => Promise<boolean> = async () => false;

/** How a call refused for a lost session gets it back (the session module sets it; it uses this client). */
export function setSessionRecovery(recover: () => Promise<boolean>): void {
  recoverSession = recover;
}

/**
 * One HTTP request per call (no batching): the refresh cookie is scoped to the exact path of
 * `auth.browserRefresh`, which a batched URL would not match. Subscriptions go over SSE, the token
 * and the picked zone as connection params (EventSource cannot set headers), read again on every
 * reconnect.
 */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    sessionRecoveryLink(() => recoverSession()),
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({
        url,
        connectionParams: () => {
          const zone = selectedZone();
          // The live feed follows the picked zone: the main streams that agent's feed.
          return { token: accessToken() ?? '', ...(zone ? { zone: zone.id } : {}) };
        },
      }),
      false: httpLink({
        url,
        headers: ({ op }) => {
          const token = accessToken();
          const zone = selectedZone();
          return {
            ...BROWSER_HEADER,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            // The main forwards the call to the agent the user picked in the header's zone menu.
            ...(zone && forwardsToZone(op.path) ? { 'x-cluster': zone.id } : {}),
          };
        },
      }),
    }),
  ],
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 10_000, refetchOnWindowFocus: true, retry: 1 },
  },
});

/** Typed query, mutation and subscription options for every procedure: `useQuery(trpc.x.y.queryOptions())`. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
