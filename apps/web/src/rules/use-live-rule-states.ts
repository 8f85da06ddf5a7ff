import { useSubscription } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import { isUnauthorized, recoverSession } from '../session/session';
import { trpc } from '../trpc/client';

/**
 * Each rule's state as `live.events` last said it, to lay over the list's loaded pages: a state
 * badge changes in place, without refetching thousands of rows or moving what is on screen.
 */
export function useLiveRuleStates(): ReadonlyMap<string, string> {
  const [states, setStates] = useState<ReadonlyMap<string, string>>(new Map());
  const subscription = useSubscription(
    trpc.live.events.subscriptionOptions(undefined, {
      onData: ({ data }) => {
        const alerts = data.events.filter((event) => event.kind === 'alert');
        if (alerts.length === 0) return;
        setStates((previous) => {
          const next = new Map(previous);
          for (const event of alerts) next.set(event.ruleId, event.ruleState);
          return next;
        });
      },
      onError: (error) => {
        if (isUnauthorized(error))
          void recoverSession().then((recovered) => recovered && subscription.reset());
      },
    }),
  );
  return states;
}
