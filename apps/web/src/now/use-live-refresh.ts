import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isUnauthorized, recoverSession } from '../session/session';
import { trpc } from '../trpc/client';
import { useSelectedZone } from '../zones/selected-zone';
import { coalescedRefresh } from './coalesced-refresh';

export type LiveState = 'connecting' | 'live' | 'offline';

/**
 * Keeps the firing list current from the `live.events` stream: each batch of alert changes and delivery attempts
 * refetches it (coalesced), nothing polls. A stream refused for an expired token resumes after a
 * refresh; `httpSubscriptionLink` itself reconnects after network errors, from its last event id.
 * The stream follows the zone picked in the header (the main streams that agent's feed): picking
 * another opens a new stream there, since the last stream's event ids mean nothing in another zone.
 */
export function useLiveRefresh(): LiveState {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState(false);
  const refresh = useMemo(
    () => coalescedRefresh(() => queryClient.refetchQueries({ queryKey: trpc.alerts.firing.queryKey() })),
    [queryClient],
  );
  const subscription = useSubscription(
    trpc.live.events.subscriptionOptions(undefined, {
      onStarted: () => {
        setStarted(true);
        // What changed while the stream was away.
        refresh();
      },
      onData: ({ data }) => {
        // Alert changes move the list; deliveries change a page's status beside an instance.
        if (data.events.length > 0) refresh();
      },
      onError: (error) => {
        if (isUnauthorized(error))
          void recoverSession().then((recovered) => recovered && subscription.reset());
      },
    }),
  );
  const zoneId = useSelectedZone()?.id ?? null;
  const followed = useRef(zoneId);
  useEffect(() => {
    if (followed.current === zoneId) return;
    followed.current = zoneId;
    setStarted(false);
    subscription.reset();
  }, [zoneId, subscription]);
  if (subscription.status === 'pending' && started) return 'live';
  if (subscription.status === 'error') return 'offline';
  return started && subscription.status === 'connecting' ? 'offline' : 'connecting';
}
