import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { notifyDone, notifyFailure } from '../forms/notify';
import { managesPeople } from '../people/roles';
import { trpc } from '../trpc/client';
import { rangeText } from './shift-times';

/** The schedule's open swap offers: anyone else may take one; who offered it (or a manager) may withdraw it. */
export function SwapsPanel({ scheduleId }: { scheduleId: string }) {
  const { user: me } = useRouteContext({ from: '/_app' });
  const queryClient = useQueryClient();
  const swaps = useQuery(trpc.schedules.swaps.queryOptions({ id: scheduleId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.schedules.pathKey() });
  const take = useMutation(
    trpc.schedules.takeSwap.mutationOptions({
      onSuccess: (swap) =>
        notifyDone(
          `You are on call instead of ${swap.offeredBy.name} for ${rangeText(Date.parse(swap.from), Date.parse(swap.until))}.`,
        ),
      onError: (error) => notifyFailure('Taking the swap', error),
      onSettled: refresh,
    }),
  );
  const withdraw = useMutation(
    trpc.schedules.withdrawSwap.mutationOptions({
      onSuccess: () => notifyDone('The swap offer was withdrawn.'),
      onError: (error) => notifyFailure('Withdrawing the swap', error),
      onSettled: refresh,
    }),
  );
  const open = (swaps.data ?? []).filter((swap) => swap.state === 'offered');
  return (
    <Stack gap="xs" component="section" aria-labelledby="open-swaps">
      <Title order={2} size="h4" id="open-swaps">
        Open swaps
      </Title>
      {swaps.isError && <Text size="sm">The swaps could not be read: {swaps.error.message}</Text>}
      {swaps.data && open.length === 0 && (
        <Text size="sm" c="dimmed">
          No open swap offers. To offer one of your shifts, tap it in the calendar.
        </Text>
      )}
      {open.map((swap) => {
        const range = rangeText(Date.parse(swap.from), Date.parse(swap.until));
        const mine = swap.offeredBy.id === me.id;
        return (
          <Paper
            key={swap.id}
            withBorder
            p="xs"
            component="article"
            aria-label={`Swap offered by ${swap.offeredBy.name}, ${range}`}
          >
            <Group justify="space-between" gap="xs">
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {swap.offeredBy.name}: {range}
                </Text>
                {swap.note && (
                  <Text size="sm" c="dimmed">
                    {swap.note}
                  </Text>
                )}
              </Stack>
              <Group gap={6}>
                {!mine && (
                  <Button
                    size="xs"
                    aria-label={`Take the swap of ${swap.offeredBy.name}, ${range}`}
                    loading={take.isPending && take.variables?.swapId === swap.id}
                    onClick={() => take.mutate({ id: scheduleId, swapId: swap.id })}
                  >
                    Take
                  </Button>
                )}
                {(mine || managesPeople(me.role)) && (
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Withdraw the swap of ${swap.offeredBy.name}, ${range}`}
                    loading={withdraw.isPending && withdraw.variables?.swapId === swap.id}
                    onClick={() => withdraw.mutate({ id: scheduleId, swapId: swap.id })}
                  >
                    Withdraw
                  </Button>
                )}
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
