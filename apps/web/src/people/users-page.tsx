import { Badge, Button, Center, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { DeleteButton } from '../forms/delete-button';
import { FormDialog } from '../forms/form-dialog';
import { notifyDone, notifyFailure } from '../forms/notify';
import { QueryStates } from '../forms/query-states';
import { RowAction, RowActions } from '../forms/row-actions';
import { ScrollTable } from '../forms/scroll-table';
import { trpc } from '../trpc/client';
import type { RouterOutputs } from '../trpc/router-types';
import { PasswordForm } from './password-form';
import { UserForm } from './user-form';

type UserRow = RouterOutputs['users']['list']['items'][number];
type Dialog =
  | { mode: 'create' }
  | { mode: 'edit'; user: UserRow }
  | { mode: 'password'; user: UserRow }
  | null;

const PER_PAGE = 50;

/** Users and their roles (owner and manager roles): create, edit, reset a password, delete. */
export function UsersPage() {
  const { user: me } = useRouteContext({ from: '/_app' });
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const users = useQuery({
    ...trpc.users.list.queryOptions({ page, perPage: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.users.all.queryKey() });
  };
  const create = useMutation(trpc.users.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.users.update.mutationOptions({ onSuccess: refresh }));
  const changePassword = useMutation(trpc.users.changePassword.mutationOptions());
  const remove = useMutation(
    trpc.users.delete.mutationOptions({
      onSuccess: (deleted) =>
        notifyDone(`${deleted.username} was deleted; what they owned now belongs to the system admin.`),
      onError: (error) => notifyFailure('Delete', error),
      onSettled: refresh,
    }),
  );
  // A manager never edits or deletes an owner; nobody deletes the system admin or themselves.
  const mayManage = (user: UserRow) => me.role === 'owner' || user.role !== 'owner';
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / PER_PAGE)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Users
        </Title>
        <Button onClick={() => setDialog({ mode: 'create' })}>New user</Button>
      </Group>
      <QueryStates query={users} what="the users" empty={null} />
      {users.data && (
        <ScrollTable label="Users table" minWidth={600} columns={['Username', 'Name', 'Role', null]}>
          {users.data.items.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {user.username}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.name}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge variant="light" size="sm" color={user.role === 'member' ? 'gray' : 'blue'}>
                    {user.role}
                  </Badge>
                  {user.isSystemAdmin && (
                    <Badge variant="outline" size="sm">
                      system admin
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                {mayManage(user) && (
                  <RowActions>
                    <RowAction
                      label="Edit"
                      name={`Edit ${user.username}`}
                      onClick={() => setDialog({ mode: 'edit', user })}
                    />
                    <RowAction
                      label="Password"
                      name={`Set a password for ${user.username}`}
                      onClick={() => setDialog({ mode: 'password', user })}
                    />
                    {!user.isSystemAdmin && user.id !== me.id && (
                      <DeleteButton
                        name={user.username}
                        what="user"
                        loading={remove.isPending}
                        onConfirm={() => remove.mutate({ id: user.id })}
                      >
                        Their rules, endpoints and teams pass to the system admin, and their sessions end.
                      </DeleteButton>
                    )}
                  </RowActions>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
      {pages > 1 && (
        <Center>
          <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages of users" />
        </Center>
      )}
      <FormDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={
          dialog?.mode === 'create'
            ? 'New user'
            : dialog?.mode === 'edit'
              ? `Edit ${dialog.user.username}`
              : dialog
                ? `New password for ${dialog.user.username}`
                : ''
        }
      >
        {dialog?.mode === 'create' && (
          <UserForm
            original={null}
            actorRole={me.role}
            onCancel={() => setDialog(null)}
            onSubmit={async (draft) => {
              const created = await create.mutateAsync(draft);
              notifyDone(`${created.username} can log in now.`);
              setDialog(null);
            }}
          />
        )}
        {dialog?.mode === 'edit' && (
          <UserForm
            original={dialog.user}
            actorRole={me.role}
            onCancel={() => setDialog(null)}
            onSubmit={async ({ username, name, role }) => {
              await update.mutateAsync({ id: dialog.user.id, username, name, role });
              notifyDone(`${username} was saved.`);
              setDialog(null);
            }}
          />
        )}
        {dialog?.mode === 'password' && (
          <PasswordForm
            own={dialog.user.id === me.id}
            submitLabel="Set password"
            onCancel={() => setDialog(null)}
            onSubmit={async (draft) => {
              const own = dialog.user.id === me.id;
              await changePassword.mutateAsync({
                id: dialog.user.id,
                password: draft.password,
                confirmPassword: draft.confirmPassword,
                ...(own ? { currentPassword: draft.currentPassword } : {}),
              });
              notifyDone(`The password of ${dialog.user.username} was changed; their other sessions ended.`);
              setDialog(null);
            }}
          />
        )}
      </FormDialog>
    </Stack>
  );
}
