import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyDone, notifyFailure } from '../forms/notify';
import { trpc } from '../trpc/client';
import type { Option } from './endpoint-form';

/** Offers an endpoint to another user (an owner or manager moves it at once). */
export function HandOverButton({
  endpoint,
  users,
}: {
  endpoint: { id: string; name: string };
  users: Option[];
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 30em)', undefined, { getInitialValueInEffect: false });
  const [userId, setUserId] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const handOver = useMutation(
    trpc.endpoints.changeOwner.mutationOptions({
      onSuccess: () => {
        notifyDone(`${endpoint.name} was offered; it moves once they accept.`);
        close();
      },
      onError: (error) => notifyFailure('Hand-over', error),
      onSettled: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.endpoints.transfers.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.endpoints.list.queryKey() });
      },
    }),
  );
  return (
    <>
      <Button size="xs" variant="default" onClick={open} aria-label={`Hand over ${endpoint.name}`}>
        Hand over
      </Button>
      <Modal opened={opened} onClose={close} title={`Hand over ${endpoint.name}`} fullScreen={phone} centered>
        <Stack>
          <Text size="sm">The new owner decides whether to take it; until then it stays yours.</Text>
          <Select label="New owner" data={users} value={userId} onChange={setUserId} searchable />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              disabled={!userId}
              loading={handOver.isPending}
              onClick={() => userId && handOver.mutate({ id: endpoint.id, userId })}
            >
              Offer it
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
