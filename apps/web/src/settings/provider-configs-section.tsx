import { Alert, Badge, Button, Center, Group, Loader, Stack, Table, Tabs, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DeleteButton } from '../forms/delete-button';
import { FormDialog } from '../forms/form-dialog';
import { notifyDone, notifyFailure } from '../forms/notify';
import { QueryStates } from '../forms/query-states';
import { RowAction, RowActions } from '../forms/row-actions';
import { ScrollTable } from '../forms/scroll-table';
import { trpc } from '../trpc/client';
import type { RouterInputs } from '../trpc/router-types';
import {
  fieldTitle,
  type ProviderConfigRow,
  type ProviderKindForms,
  providerConfigBody,
} from './provider-config-draft';
import { ProviderConfigForm } from './provider-config-form';
import { ProviderTestForm } from './provider-test-form';

type Dialog =
  | { mode: 'create' }
  | { mode: 'edit'; config: ProviderConfigRow }
  | { mode: 'test'; config: ProviderConfigRow }
  | null;
type CreateInput = RouterInputs['configs']['providerConfigs']['create'];

/** Provider configs per channel kind: the default and the backup the engine falls back to, secrets masked. */
export function ProviderConfigsSection() {
  const forms = useQuery(trpc.configs.providerConfigs.forms.queryOptions());
  const [kind, setKind] = useState<string | null>(null);
  if (forms.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading provider configs" />
      </Center>
    );
  }
  if (forms.isError) {
    return (
      <Alert color="red" title="Could not load the provider configs">
        {forms.error.message}
      </Alert>
    );
  }
  if (forms.data.length === 0) {
    return (
      <Alert variant="light" title="No provider-backed channel is loaded">
        SMS, call and email need a channel plugin that sends through a provider; none is loaded.
      </Alert>
    );
  }
  const chosen = kind ?? forms.data[0]?.kind ?? null;
  return (
    <Tabs value={chosen} onChange={setKind} keepMounted={false}>
      <Tabs.List aria-label="Channel">
        {forms.data.map((kindForms) => (
          <Tabs.Tab key={kindForms.kind} value={kindForms.kind}>
            {kindForms.label.replace(/ config$/, '')}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {forms.data.map((kindForms) => (
        <Tabs.Panel key={kindForms.kind} value={kindForms.kind} pt="md">
          <KindConfigs kind={kindForms} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function KindConfigs({ kind }: { kind: ProviderKindForms }) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const configs = useQuery(trpc.configs.providerConfigs.list.queryOptions({ kind: kind.kind }));
  const refresh = () =>
    queryClient.invalidateQueries({
      queryKey: trpc.configs.providerConfigs.list.queryKey({ kind: kind.kind }),
    });
  const create = useMutation(trpc.configs.providerConfigs.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.configs.providerConfigs.update.mutationOptions({ onSuccess: refresh }));
  const sendTest = useMutation(trpc.configs.providerConfigs.test.mutationOptions());
  const settled = (done: string) => ({
    onSuccess: () => notifyDone(done),
    onError: (error: unknown) => notifyFailure('The change', error),
    onSettled: refresh,
  });
  const makeDefault = useMutation(
    trpc.configs.providerConfigs.makeDefault.mutationOptions(settled('The default was changed.')),
  );
  const makeBackup = useMutation(
    trpc.configs.providerConfigs.makeBackup.mutationOptions(settled('The backup was changed.')),
  );
  const remove = useMutation(
    trpc.configs.providerConfigs.delete.mutationOptions(settled('The config was deleted.')),
  );
  const secretFields = kind.providers.flatMap((form) => form.fields.filter((field) => field.secret));
  const secretsOf = (config: ProviderConfigRow) =>
    secretFields
      .filter((field) => typeof config[field.name] === 'string' && config[field.name] !== '')
      .map((field) => `${fieldTitle(field)} ${String(config[field.name])}`);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={560}>
          Messages go through the default; when it fails, the backup is tried. The first config of a channel
          becomes its default.
        </Text>
        <Button onClick={() => setDialog({ mode: 'create' })}>New {kind.label}</Button>
      </Group>
      <QueryStates
        query={configs}
        what={`the ${kind.label}s`}
        empty={
          configs.data?.length === 0
            ? {
                title: `No ${kind.label} yet`,
                body: `Nothing can be sent on this channel until it has one: add one with New ${kind.label}; it becomes the default.`,
              }
            : null
        }
      />
      {configs.data && configs.data.length > 0 && (
        <ScrollTable
          label={`${kind.label}s`}
          minWidth={640}
          columns={['Name', 'Provider', 'Role', 'Secrets', null]}
        >
          {configs.data.map((config) => (
            <Table.Tr key={config.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {config.name}
                </Text>
              </Table.Td>
              <Table.Td>{config.provider}</Table.Td>
              <Table.Td>
                {config.isDefault && (
                  <Badge miw="max-content" variant="light" color="blue">
                    Default
                  </Badge>
                )}
                {config.isBackup && (
                  <Badge miw="max-content" variant="light" color="grape">
                    Backup
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {secretsOf(config).join(', ') || 'none'}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowActions>
                  {!config.isDefault && (
                    <RowAction
                      label="Make default"
                      name={`Make ${config.name} the default`}
                      onClick={() => makeDefault.mutate({ kind: kind.kind, id: config.id })}
                    />
                  )}
                  {!config.isDefault && !config.isBackup && (
                    <RowAction
                      label="Make backup"
                      name={`Make ${config.name} the backup`}
                      onClick={() => makeBackup.mutate({ kind: kind.kind, id: config.id })}
                    />
                  )}
                  <RowAction
                    label="Test"
                    name={`Send a test through ${config.name}`}
                    onClick={() => setDialog({ mode: 'test', config })}
                  />
                  <RowAction
                    label="Edit"
                    name={`Edit ${config.name}`}
                    onClick={() => setDialog({ mode: 'edit', config })}
                  />
                  <DeleteButton
                    name={config.name}
                    what="config"
                    loading={remove.isPending}
                    onConfirm={() => remove.mutate({ kind: kind.kind, id: config.id })}
                  >
                    {config.isDefault
                      ? 'It is the default: until another is made default, nothing is sent on this channel.'
                      : 'Its settings and secrets are removed.'}
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
        title={
          dialog?.mode === 'edit'
            ? `Edit ${dialog.config.name}`
            : dialog?.mode === 'test'
              ? `Test ${dialog.config.name}`
              : `New ${kind.label}`
        }
      >
        {dialog?.mode === 'test' && (
          <ProviderTestForm
            kind={kind.kind}
            onClose={() => setDialog(null)}
            onSend={(to) => sendTest.mutateAsync({ kind: kind.kind, id: dialog.config.id, to })}
          />
        )}
        {dialog && dialog.mode !== 'test' && (
          <ProviderConfigForm
            kind={kind}
            original={dialog.mode === 'edit' ? dialog.config : null}
            onCancel={() => setDialog(null)}
            onSubmit={async (form, draft) => {
              // The body is typed by the form the server described; the server checks it again.
              const body = { kind: kind.kind, ...providerConfigBody(form, draft) } as CreateInput;
              const saved =
                dialog.mode === 'edit'
                  ? await update.mutateAsync({ ...body, id: dialog.config.id })
                  : await create.mutateAsync(body);
              notifyDone(`${saved.name} was saved${saved.isDefault ? '; it is the default' : ''}.`);
              setDialog(null);
            }}
          />
        )}
      </FormDialog>
    </Stack>
  );
}
