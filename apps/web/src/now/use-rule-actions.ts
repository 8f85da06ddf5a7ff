import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../trpc/client';
import { serverErrorOf } from '../trpc/server-error';
import type { FiringActions } from './firing-card';

function failed(what: string, error: unknown) {
  const answered = serverErrorOf(error);
  const retry =
    answered?.data?.code === 'SERVICE_UNAVAILABLE' ? ' The service is busy; try again shortly.' : '';
  notifications.show({
    color: 'red',
    title: `${what} failed`,
    message: `${answered?.message ?? 'No answer.'}${retry}`,
  });
}

/** Acknowledge, resolve and silence a rule from the Now page, the list refreshed after each. */
export function useRuleActions(): FiringActions {
  const queryClient = useQueryClient();
  const [busyRuleId, setBusy] = useState<string | null>(null);
  const settle = async () => {
    setBusy(null);
    await queryClient.invalidateQueries({ queryKey: trpc.alerts.firing.queryKey() });
  };
  const acknowledge = useMutation(
    trpc.alerts.acknowledge.mutationOptions({
      onSuccess: (answer) =>
        notifications.show({ color: answer.status ? 'blue' : 'gray', message: answer.message }),
      onError: (error) => failed('Acknowledge', error),
      onSettled: settle,
    }),
  );
  const resolve = useMutation(
    trpc.alerts.resolve.mutationOptions({
      onSuccess: (answer) => notifications.show({ color: 'teal', message: answer.message }),
      onError: (error) => failed('Resolve', error),
      onSettled: settle,
    }),
  );
  const silence = useMutation(
    trpc.alertRules.silent.mutationOptions({
      onSuccess: (rule) =>
        notifications.show({
          color: 'gray',
          message:
            rule.silentStatus === 'silent'
              ? `${rule.name} is silenced for you.`
              : `${rule.name} notifies you again.`,
        }),
      onError: (error) => failed('Silence', error),
      onSettled: settle,
    }),
  );
  const run = (ruleId: string, mutate: (input: { id: string }) => void) => {
    setBusy(ruleId);
    mutate({ id: ruleId });
  };
  return {
    busyRuleId,
    acknowledge: (ruleId) => run(ruleId, acknowledge.mutate),
    resolve: (ruleId) => run(ruleId, resolve.mutate),
    toggleSilence: (ruleId) => run(ruleId, silence.mutate),
  };
}
