import { Alert, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmButton } from '../forms/confirm-button';
import { notifyDone, notifyFailure } from '../forms/notify';
import { StateBadge } from '../now/state-badge';
import { trpc } from '../trpc/client';
import type { RouterOutputs } from '../trpc/router-types';
import { type StatusGroupDraft, StatusGroupForm } from './status-group-form';

type StatusCard = RouterOutputs['statusGroups']['cards'][number];
type Dialog = { mode: 'create' } | { mode: 'edit'; group: StatusCard } | null;

/**
 * The status page: one card per tag group (the original product's Status page), its worst state
 * over the rules carrying its tags and how many are critical or warning. Owners and managers
 * create, rename, retag and delete the groups here.
 */
export function StatusPage() {
  const { user } = useRouteContext({ from: '/_app' });
  const manages = user.role === 'owner' || user.role === 'manager';
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 30em)', undefined, { getInitialValueInEffect: false });
  const [dialog, setDialog] = useState<Dialog>(null);
  const cards = useQuery({ ...trpc.statusGroups.cards.queryOptions(), refetchInterval: 30_000 });
  const tags = useQuery({ ...trpc.alertRules.tags.all.queryOptions(), enabled: dialog !== null });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.statusGroups.cards.queryKey() });
  const create = useMutation(trpc.statusGroups.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.statusGroups.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.statusGroups.delete.mutationOptions({
      onSuccess: () => notifyDone('The status group was deleted.'),
      onError: (error) => notifyFailure('Delete', error),
      onSettled: refresh,
    }),
  );
  const save = async (draft: StatusGroupDraft) => {
    if (dialog?.mode === 'edit') await update.mutateAsync({ id: dialog.group.id, ...draft });
    else await create.mutateAsync(draft);
    notifyDone(`${draft.name} was saved.`);
    setDialog(null);
  };

  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Status
        </Title>
        {manages && <Button onClick={() => setDialog({ mode: 'create' })}>New status group</Button>}
      </Group>
      {cards.isError && (
        <Alert color="red" title="Could not load the status groups">
          {cards.error.message}
        </Alert>
      )}
      {cards.data?.length === 0 && (
        <Alert variant="default" title="No status groups yet">
          {manages
            ? 'Group rules by their tags (for example `checkout` or `db`) with New status group; each group then shows here with its worst state.'
            : 'An owner or manager groups rules by tags (for example `checkout` or `db`); each group then shows here with its worst state.'}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {cards.data?.map((card) => (
          <Card key={card.id} withBorder component="article" aria-label={card.name} data-testid="status-card">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} truncate>
                {card.name}
              </Text>
              <StateBadge state={card.state} />
            </Group>
            <Text size="sm" mt={4}>
              {card.criticalCount} critical · {card.warningCount} warning
            </Text>
            <Group gap={4} mt={6} aria-label="Tags">
              {card.tags.map((tag) => (
                <Badge key={tag} variant="outline" color="gray" tt="none">
                  {tag}
                </Badge>
              ))}
            </Group>
            {manages && (
              <Group gap={6} mt="sm">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setDialog({ mode: 'edit', group: card })}
                  aria-label={`Edit ${card.name}`}
                >
                  Edit
                </Button>
                <ConfirmButton
                  label="Delete"
                  aria-label={`Delete ${card.name}`}
                  title={`Delete the status group ${card.name}?`}
                  confirmLabel="Delete the group"
                  onConfirm={() => remove.mutate({ id: card.id })}
                  loading={remove.isPending}
                >
                  The card goes from the status page for everyone. Its rules and their tags stay as they are.
                </ConfirmButton>
              </Group>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.mode === 'edit' ? `Edit ${dialog.group.name}` : 'New status group'}
        fullScreen={phone}
        centered
      >
        {dialog && (
          <StatusGroupForm
            original={
              dialog.mode === 'edit'
                ? { name: dialog.group.name, tags: dialog.group.tags }
                : { name: '', tags: [] }
            }
            knownTags={tags.data ?? []}
            onSubmit={save}
            onCancel={() => setDialog(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
