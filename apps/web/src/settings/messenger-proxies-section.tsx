import { Badge, Button, Group, PasswordInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DeleteButton } from '../forms/delete-button';
import { FormDialog } from '../forms/form-dialog';
import { FormShell } from '../forms/form-shell';
import { notifyDone, notifyFailure } from '../forms/notify';
import { QueryStates } from '../forms/query-states';
import { RowAction, RowActions } from '../forms/row-actions';
import { ScrollTable } from '../forms/scroll-table';
import { useFormSubmit } from '../forms/use-form-submit';
import { trpc } from '../trpc/client';
import type { RouterInputs, RouterOutputs } from '../trpc/router-types';

type Proxy = RouterOutputs['configs']['messengerProxies']['list'][number];
type ProxyBody = RouterInputs['configs']['messengerProxies']['create'];
type Dialog = { mode: 'create' } | { mode: 'edit'; proxy: Proxy } | null;

/** Proxies the messenger channels (Telegram, Bale) reach their APIs through; at most one is active. */
export function MessengerProxiesSection() {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const proxies = useQuery(trpc.configs.messengerProxies.list.queryOptions({}));
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.configs.messengerProxies.list.queryKey() });
  const settled = (done: string) => ({
    onSuccess: () => notifyDone(done),
    onError: (error: unknown) => notifyFailure('The change', error),
    onSettled: refresh,
  });
  const create = useMutation(trpc.configs.messengerProxies.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.configs.messengerProxies.update.mutationOptions({ onSuccess: refresh }));
  const activate = useMutation(
    trpc.configs.messengerProxies.activate.mutationOptions(
      settled('Messenger traffic goes through the proxy now.'),
    ),
  );
  const deactivate = useMutation(
    trpc.configs.messengerProxies.deactivate.mutationOptions(settled('Messenger traffic goes direct now.')),
  );
  const remove = useMutation(
    trpc.configs.messengerProxies.delete.mutationOptions(settled('The proxy was deleted.')),
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={560}>
          Telegram and Bale are reached through the active proxy, or directly when none is active.
        </Text>
        <Button onClick={() => setDialog({ mode: 'create' })}>New proxy</Button>
      </Group>
      <QueryStates
        query={proxies}
        what="the proxies"
        empty={
          proxies.data?.length === 0
            ? {
                title: 'No proxy',
                body: 'Messenger channels connect directly. Where their APIs are blocked, add an HTTP or SOCKS5 proxy with New proxy, then activate it.',
              }
            : null
        }
      />
      {proxies.data && proxies.data.length > 0 && (
        <ScrollTable
          label="Messenger proxies"
          minWidth={600}
          columns={['Name', 'Address', 'Password', 'State', null]}
        >
          {proxies.data.map((proxy) => (
            <Table.Tr key={proxy.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {proxy.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {proxy.type}://{proxy.username ? `${proxy.username}@` : ''}
                  {proxy.host}:{proxy.port}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {proxy.password || 'none'}
                </Text>
              </Table.Td>
              <Table.Td>
                {proxy.isActive ? (
                  <Badge miw="max-content" variant="light" color="teal">
                    Active
                  </Badge>
                ) : (
                  <Badge miw="max-content" variant="outline" color="gray">
                    Inactive
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <RowActions>
                  {proxy.isActive ? (
                    <RowAction
                      label="Deactivate"
                      name={`Deactivate ${proxy.name}`}
                      onClick={() => deactivate.mutate()}
                    />
                  ) : (
                    <RowAction
                      label="Activate"
                      name={`Activate ${proxy.name}`}
                      onClick={() => activate.mutate({ id: proxy.id })}
                    />
                  )}
                  <RowAction
                    label="Edit"
                    name={`Edit ${proxy.name}`}
                    onClick={() => setDialog({ mode: 'edit', proxy })}
                  />
                  <DeleteButton
                    name={proxy.name}
                    what="proxy"
                    loading={remove.isPending}
                    onConfirm={() => remove.mutate({ id: proxy.id })}
                  >
                    {proxy.isActive
                      ? 'It is active: messenger channels will connect directly.'
                      : 'It is not in use.'}
                  </DeleteButton>
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
      <FormDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.mode === 'edit' ? `Edit ${dialog.proxy.name}` : 'New proxy'}
      >
        {dialog && (
          <ProxyForm
            original={dialog.mode === 'edit' ? dialog.proxy : null}
            onCancel={() => setDialog(null)}
            onSubmit={async (body) => {
              const saved =
                dialog.mode === 'edit'
                  ? await update.mutateAsync({ ...body, id: dialog.proxy.id })
                  : await create.mutateAsync(body);
              notifyDone(`${saved.name} was saved.`);
              setDialog(null);
            }}
          />
        )}
      </FormDialog>
    </Stack>
  );
}

function ProxyForm({
  original,
  onSubmit,
  onCancel,
}: {
  original: Proxy | null;
  onSubmit: (body: ProxyBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState({
    name: original?.name ?? '',
    type: original?.type ?? 'http',
    host: original?.host ?? '',
    port: original?.port ?? '',
    username: original?.username ?? '',
    password: original?.password ?? '',
  });
  const change = (patch: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...patch }));
  const { errors, problem, saving, submit } = useFormSubmit(() =>
    onSubmit({
      ...draft,
      username: draft.username.trim() === '' ? null : draft.username,
      password: draft.password === '' ? null : draft.password,
    }),
  );
  return (
    <FormShell
      label="Proxy"
      problem={problem}
      saving={saving}
      submitLabel={original ? 'Save' : 'Create proxy'}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextInput
        label="Name"
        required
        value={draft.name}
        onChange={(e) => change({ name: e.currentTarget.value })}
        error={errors.name}
      />
      <Select
        label="Type"
        data={[
          { value: 'http', label: 'HTTP' },
          { value: 'socks5', label: 'SOCKS5' },
        ]}
        value={draft.type}
        allowDeselect={false}
        onChange={(value) => (value === 'http' || value === 'socks5') && change({ type: value })}
        error={errors.type}
      />
      <Group grow align="flex-start">
        <TextInput
          label="Host"
          required
          value={draft.host}
          onChange={(e) => change({ host: e.currentTarget.value })}
          error={errors.host}
        />
        <TextInput
          label="Port"
          required
          inputMode="numeric"
          value={draft.port}
          onChange={(e) => change({ port: e.currentTarget.value })}
          error={errors.port}
        />
      </Group>
      <TextInput
        label="Username"
        autoComplete="off"
        value={draft.username}
        onChange={(e) => change({ username: e.currentTarget.value })}
        error={errors.username}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        description={original?.password ? 'Stored, shown masked. Leave it to keep it.' : undefined}
        value={draft.password}
        onChange={(e) => change({ password: e.currentTarget.value })}
        error={errors.password}
      />
    </FormShell>
  );
}
