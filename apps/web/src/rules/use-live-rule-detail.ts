import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useMemo } from 'react';
import { coalescedRefresh } from '../now/coalesced-refresh';
import { isUnauthorized, recoverSession } from '../session/session';
import { trpc } from '../trpc/client';

/**
 * Keeps a rule's detail current from `live.events`: an alert change or a delivery attempt of this
 * rule refetches what it can change (its state, what fires, the timeline, history, episodes and
 * the delivery log), coalesced so a burst costs a request or two each; nothing polls.
 */
export function useLiveRuleDetail(ruleId: string): void {
  const queryClient = useQueryClient();
  const refresh = useMemo(
    () =>
      coalescedRefresh(() =>
        Promise.all(
          [
            trpc.alertRules.get.queryKey({ id: ruleId }),
            trpc.alerts.triggered.queryKey({ id: ruleId }),
            trpc.alerts.statusTimeline.queryKey(),
            trpc.alerts.history.queryKey(),
            trpc.episodes.list.queryKey(),
            trpc.episodes.deliveryLog.queryKey(),
          ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        ),
      ),
    [queryClient, ruleId],
  );
  const subscription = useSubscription(
    trpc.live.events.subscriptionOptions(undefined, {
      // What changed while the stream was away.
      onStarted: () => refresh(),
      onData: ({ data }) => {
        if (data.events.some((event) => event.ruleId === ruleId)) refresh();
      },
      onError: (error) => {
        if (isUnauthorized(error))
          void recoverSession().then((recovered) => recovered && subscription.reset());
      },
    }),
  );
}
