import {
  Badge,
  Button,
  Center,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { DeleteButton } from '../forms/delete-button';
import { FormDialog } from '../forms/form-dialog';
import { notifyDone, notifyFailure } from '../forms/notify';
import { QueryStates } from '../forms/query-states';
import { RowAction } from '../forms/row-actions';
import { trpc } from '../trpc/client';
import type { RouterOutputs } from '../trpc/router-types';
import { managesPeople } from './roles';
import { type TeamDraft, TeamForm } from './team-form';

type TeamRow = RouterOutputs['teams']['list']['items'][number];
type Dialog = { mode: 'create' } | { mode: 'edit'; team: TeamRow } | null;

const PER_PAGE = 24;

/** Teams and their members: everyone reads them (for sharing); owners and managers create them. */
export function TeamsPage() {
  const { user: me } = useRouteContext({ from: '/_app' });
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const teams = useQuery({
    ...trpc.teams.list.queryOptions({ page, perPage: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  const users = useQuery(trpc.users.all.queryOptions());
  const userOptions = (users.data ?? []).map((user) => ({
    value: user.id,
    label: user.name ? `${user.name} (${user.username})` : user.username,
  }));
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.teams.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.teams.all.queryKey() });
  };
  const create = useMutation(trpc.teams.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.teams.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.teams.delete.mutationOptions({
      onSuccess: (deleted) => notifyDone(`${deleted.name} was deleted.`),
      onError: (error) => notifyFailure('Delete', error),
      onSettled: refresh,
    }),
  );
  const mayCreate = managesPeople(me.role);
  const mayEdit = (team: TeamRow) => mayCreate || team.ownerId === me.id;
  const pages = teams.data ? Math.max(1, Math.ceil(teams.data.total / PER_PAGE)) : 1;
  const save = async (draft: TeamDraft) => {
    const input = { ...draft, name: draft.name.trim(), description: draft.description.trim() || null };
    if (dialog?.mode === 'edit') await update.mutateAsync({ ...input, id: dialog.team.id });
    else await create.mutateAsync(input);
    notifyDone(`${input.name} was saved.`);
    setDialog(null);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Teams
        </Title>
        {mayCreate && <Button onClick={() => setDialog({ mode: 'create' })}>New team</Button>}
      </Group>
      <QueryStates
        query={teams}
        what="the teams"
        empty={
          teams.data?.total === 0
            ? {
                title: 'No teams yet',
                body: mayCreate
                  ? 'Create a team with New team, add its members, then share rules and endpoints with it.'
                  : 'Ask an owner or a manager to create your team; rules and endpoints shared with it show to every member.',
              }
            : null
        }
      />
      {teams.data && teams.data.items.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {teams.data.items.map((team) => (
            <Paper key={team.id} withBorder p="sm" component="article" aria-label={team.name}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Title order={2} size="h4">
                    {team.name}
                  </Title>
                  <Text size="xs" c="dimmed">
                    {team.users.length} member{team.users.length === 1 ? '' : 's'}
                  </Text>
                </Group>
                {team.description && (
                  <Text size="sm" c="dimmed">
                    {team.description}
                  </Text>
                )}
                <Text size="sm">Owner: {team.owner.name || team.owner.username}</Text>
                <Group gap={4} aria-label={`Members of ${team.name}`}>
                  {team.users.length === 0 && (
                    <Text size="sm" c="dimmed">
                      No members yet.
                    </Text>
                  )}
                  {team.users.map((member) => (
                    <Badge key={member.id} variant="light" color="gray" size="sm" tt="none">
                      {member.name || member.username}
                    </Badge>
                  ))}
                </Group>
                {mayEdit(team) && (
                  <Group gap={6} justify="flex-end">
                    <RowAction
                      label="Edit"
                      name={`Edit ${team.name}`}
                      onClick={() => setDialog({ mode: 'edit', team })}
                    />
                    <DeleteButton
                      name={team.name}
                      what="team"
                      loading={remove.isPending}
                      onConfirm={() => remove.mutate({ id: team.id })}
                    >
                      Its members stop seeing what was shared only with the team.
                    </DeleteButton>
                  </Group>
                )}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {pages > 1 && (
        <Center>
          <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages of teams" />
        </Center>
      )}
      <FormDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.mode === 'edit' ? `Edit ${dialog.team.name}` : 'New team'}
      >
        {dialog && (
          <TeamForm
            original={
              dialog.mode === 'edit'
                ? {
                    name: dialog.team.name,
                    description: dialog.team.description ?? '',
                    ownerId: dialog.team.ownerId,
                    userIds: dialog.team.userIds,
                  }
                : { name: '', description: '', ownerId: me.id, userIds: [] }
            }
            users={userOptions}
            onSubmit={save}
            onCancel={() => setDialog(null)}
          />
        )}
      </FormDialog>
    </Stack>
  );
}
