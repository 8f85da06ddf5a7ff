import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyDone, notifyFailure } from '../forms/notify';
import { trpc } from '../trpc/client';
import { useEndpointTypes } from './endpoint-type-forms';

/**
 * Endpoint hand-overs waiting on someone: offered to the user (accept or decline) and offered by
 * the user (cancel). Nothing shows while none is pending.
 */
export function EndpointTransfers({ nameOf }: { nameOf: (userId: string) => string }) {
  const queryClient = useQueryClient();
  const types = useEndpointTypes();
  const incoming = useQuery(trpc.endpoints.transfers.queryOptions({ direction: 'incoming' }));
  const outgoing = useQuery(trpc.endpoints.transfers.queryOptions({ direction: 'outgoing' }));
  const settle = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.endpoints.transfers.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.endpoints.list.queryKey() });
  };
  const options = (done: string, what: string) => ({
    onSuccess: () => notifyDone(done),
    onError: (error: unknown) => notifyFailure(what, error),
    onSettled: settle,
  });
  const accept = useMutation(
    trpc.endpoints.acceptTransfer.mutationOptions(options('Endpoint accepted: it is yours now.', 'Accept')),
  );
  const decline = useMutation(
    trpc.endpoints.declineTransfer.mutationOptions(options('Hand-over declined.', 'Decline')),
  );
  const cancel = useMutation(
    trpc.endpoints.cancelTransfer.mutationOptions(options('Hand-over cancelled.', 'Cancel')),
  );

  const offered = incoming.data ?? [];
  const sent = outgoing.data ?? [];
  if (offered.length === 0 && sent.length === 0) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="transfers-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="transfers-title">
          Pending hand-overs
        </Title>
        {offered.map((transfer) => (
          <Group key={transfer.id} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              <b>{nameOf(transfer.fromUserId)}</b> offers you <b>{transfer.endpointName}</b>{' '}
              <Badge size="xs" variant="light">
                {types.labelOf(transfer.endpointType)}
              </Badge>
            </Text>
            <Group gap={6}>
              <Button size="xs" onClick={() => accept.mutate({ id: transfer.id })} loading={accept.isPending}>
                Accept {transfer.endpointName}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => decline.mutate({ id: transfer.id })}
                loading={decline.isPending}
              >
                Decline
              </Button>
            </Group>
          </Group>
        ))}
        {sent.map((transfer) => (
          <Group key={transfer.id} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              You offered <b>{transfer.endpointName}</b> to <b>{nameOf(transfer.toUserId)}</b>; waiting for
              them.
            </Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => cancel.mutate({ id: transfer.id })}
              loading={cancel.isPending}
            >
              Cancel hand-over
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
