import { Alert, Badge, Button, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmButton } from '../forms/confirm-button';
import { DeleteButton } from '../forms/delete-button';
import { FormDialog } from '../forms/form-dialog';
import { notifyDone, notifyFailure } from '../forms/notify';
import { QueryStates } from '../forms/query-states';
import { RowAction, RowActions } from '../forms/row-actions';
import { ScrollTable } from '../forms/scroll-table';
import { fullTime, relativeTime } from '../time/relative-time';
import { trpc } from '../trpc/client';
import type { RouterOutputs } from '../trpc/router-types';
import { ZoneForm } from './zone-form';
import { lagText, zoneState } from './zone-state';
import { ZoneToken } from './zone-token';

type ZoneRow = RouterOutputs['zones']['list'][number];
type Dialog =
  | { mode: 'register' }
  | { mode: 'edit'; zone: ZoneRow }
  | { mode: 'token'; zone: ZoneRow; token: string }
  | null;

/** How often the state column is read again: agents report every 30 s by default. */
const REFRESH_MS = 30_000;

/**
 * The agent zones of this main and their link to it (owner and manager roles; owners register,
 * edit, rotate, revoke and delete). The UI itself shows the main's data only: see docs/ui.md.
 */
export function ZonesPage() {
  const { user: me } = useRouteContext({ from: '/_app' });
  const owner = me.role === 'owner';
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const zones = useQuery({ ...trpc.zones.list.queryOptions(), refetchInterval: REFRESH_MS });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.zones.list.queryKey() });
  const register = useMutation(trpc.zones.register.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.zones.update.mutationOptions({ onSuccess: refresh }));
  const rotate = useMutation(
    trpc.zones.rotateToken.mutationOptions({
      onSuccess: (answer) => setDialog({ mode: 'token', zone: answer.zone, token: answer.token }),
      onError: (error) => notifyFailure('Rotate', error),
      onSettled: refresh,
    }),
  );
  const revoke = useMutation(
    trpc.zones.revokeToken.mutationOptions({
      onSuccess: () => notifyDone('The token was revoked: the agent is cut off until a rotation.'),
      onError: (error) => notifyFailure('Revoke', error),
      onSettled: refresh,
    }),
  );
  const remove = useMutation(
    trpc.zones.delete.mutationOptions({
      onSuccess: () => notifyDone('The zone was deleted; its silence rule stays.'),
      onError: (error) => notifyFailure('Delete', error),
      onSettled: refresh,
    }),
  );
  const now = new Date();
  const mainUrl = new URL('.', document.baseURI).href.replace(/\/$/, '');

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Zones
        </Title>
        {owner && <Button onClick={() => setDialog({ mode: 'register' })}>Register zone</Button>}
      </Group>
      <Text size="sm" c="dimmed" maw={640}>
        This server is the main. Agents run next to isolated sites, evaluate their rules and page from there;
        each reports here on a fixed period. These screens show the main&apos;s own data: to look into an
        agent, use the API or the CLI with the zone (<code>X-Cluster</code>, <code>--zone</code>).
      </Text>
      <QueryStates
        query={zones}
        what="the zones"
        empty={
          zones.data?.length === 0
            ? {
                title: 'No agent zones',
                body: owner
                  ? 'Everything runs on this main. To page from an isolated site, run an agent there and register it with Register zone.'
                  : 'Everything runs on this main. An owner registers agents.',
              }
            : null
        }
      />
      {zones.data && zones.data.length > 0 && (
        <ScrollTable
          label="Zones"
          minWidth={720}
          columns={['Name', 'State', 'Last heard', 'Version', 'Lag', 'Token', owner ? null : 'URL']}
        >
          {zones.data.map((zone) => {
            const state = zoneState(zone);
            return (
              <Table.Tr key={zone.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {zone.name}
                  </Text>
                  {owner && (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {zone.url}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={state.color} miw="max-content">
                    {state.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {zone.lastHeardAt ? (
                      <Tooltip label={fullTime(new Date(zone.lastHeardAt))}>
                        <time dateTime={zone.lastHeardAt}>
                          {relativeTime(new Date(zone.lastHeardAt), now)}
                        </time>
                      </Tooltip>
                    ) : (
                      'never'
                    )}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{zone.version ?? '–'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{lagText(zone.lagMs)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {zone.token || 'none'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {owner ? (
                    <RowActions>
                      <RowAction
                        label="Edit"
                        name={`Edit ${zone.name}`}
                        onClick={() => setDialog({ mode: 'edit', zone })}
                      />
                      <ConfirmButton
                        label="Rotate token"
                        aria-label={`Rotate the token of ${zone.name}`}
                        title={`Rotate the token of ${zone.name}?`}
                        confirmLabel="Rotate token"
                        loading={rotate.isPending}
                        onConfirm={() => rotate.mutate({ id: zone.id })}
                      >
                        The old token stops at once: the agent is cut off until its cluster configuration
                        holds the new one, shown next.
                      </ConfirmButton>
                      {!zone.revoked && (
                        <ConfirmButton
                          label="Revoke"
                          aria-label={`Revoke the token of ${zone.name}`}
                          title={`Revoke the token of ${zone.name}?`}
                          confirmLabel="Revoke token"
                          loading={revoke.isPending}
                          onConfirm={() => revoke.mutate({ id: zone.id })}
                        >
                          Heartbeats and forwarded requests stop until the token is rotated.
                        </ConfirmButton>
                      )}
                      <DeleteButton
                        name={zone.name}
                        what="zone"
                        loading={remove.isPending}
                        onConfirm={() => remove.mutate({ id: zone.id })}
                      >
                        The agent can no longer report here. Its silence rule stays, to delete like any rule.
                      </DeleteButton>
                    </RowActions>
                  ) : (
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {zone.url}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ScrollTable>
      )}
      {zones.data?.some((zone) => zone.silent) && (
        <Alert color="red" variant="light" title="A zone is silent">
          Its silence alert is open on Now until the agent is heard again.
        </Alert>
      )}
      <FormDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={
          dialog?.mode === 'register'
            ? 'Register zone'
            : dialog?.mode === 'edit'
              ? `Edit ${dialog.zone.name}`
              : dialog
                ? `The token of ${dialog.zone.name}`
                : ''
        }
      >
        {dialog?.mode === 'token' && (
          <ZoneToken token={dialog.token} mainUrl={mainUrl} onDone={() => setDialog(null)} />
        )}
        {(dialog?.mode === 'register' || dialog?.mode === 'edit') && (
          <ZoneForm
            original={dialog.mode === 'edit' ? { name: dialog.zone.name, url: dialog.zone.url } : null}
            onCancel={() => setDialog(null)}
            onSubmit={async (draft) => {
              if (dialog.mode === 'edit') {
                await update.mutateAsync({ ...draft, id: dialog.zone.id });
                notifyDone(`${draft.name} was saved.`);
                setDialog(null);
              } else {
                const answer = await register.mutateAsync(draft);
                setDialog({ mode: 'token', zone: answer.zone, token: answer.token });
              }
            }}
          />
        )}
      </FormDialog>
    </Stack>
  );
}
