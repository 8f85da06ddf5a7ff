import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { ConfirmButton } from '../forms/confirm-button';
import { notifyDone, notifyFailure } from '../forms/notify';
import { trpc } from '../trpc/client';
import { destinationSummary, draftOf, type EndpointCreateInput, type EndpointView } from './endpoint-draft';
import { EndpointForm, type Option } from './endpoint-form';
import { EndpointTransfers } from './endpoint-transfers';
import { useEndpointTypes } from './endpoint-type-forms';
import type { PeopleOptions } from './flow-step-editor';
import { HandOverButton } from './hand-over-button';
import { TestSendButton } from './test-send-button';

type Editing = { mode: 'create' } | { mode: 'edit'; endpoint: EndpointView } | null;

/**
 * Where alerts go: the user's own endpoints and those shared with it, pending hand-overs, and the
 * form to create or edit one (the fields each type's plugin declares, the one-time code for a type
 * its plugin verifies, a flow's steps).
 */
export function EndpointsPage() {
  const { user } = useRouteContext({ from: '/_app' });
  const managesAll = user.role === 'owner' || user.role === 'manager';
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const [editing, setEditing] = useState<Editing>(null);
  const [opened, { open, close }] = useDisclosure(false);

  const list = useQuery(trpc.endpoints.list.queryOptions({ perPage: 100 }));
  const types = useEndpointTypes();
  const formOf = (type: string) => types.forms.find((form) => form.type === type);
  const users = useQuery(trpc.users.all.queryOptions());
  const teams = useQuery(trpc.teams.all.queryOptions());
  const candidates = useQuery({ ...trpc.endpoints.flowStepCandidates.queryOptions(), enabled: opened });
  const schedules = useQuery({ ...trpc.schedules.list.queryOptions(), enabled: opened });

  const userOptions: Option[] = useMemo(
    () =>
      (users.data ?? [])
        .filter((other) => other.id !== user.id)
        .map((other) => ({
          value: other.id,
          label: other.name ? `${other.name} (${other.username})` : other.username,
        })),
    [users.data, user.id],
  );
  const teamOptions: Option[] = (teams.data ?? []).map((team) => ({ value: team.id, label: team.name }));
  // People steps may page the user too, unlike sharing, which is with others.
  const people: PeopleOptions = useMemo(
    () => ({
      schedules: (schedules.data ?? []).map((schedule) => ({ value: schedule.id, label: schedule.name })),
      users: (users.data ?? []).map((other) => ({
        value: other.id,
        label: other.name ? `${other.name} (${other.username})` : other.username,
      })),
      teams: (teams.data ?? []).map((team) => ({ value: team.id, label: team.name })),
    }),
    [schedules.data, users.data, teams.data],
  );
  const nameOf = (userId: string) => {
    const found = users.data?.find((other) => other.id === userId);
    return found ? found.name || found.username : 'someone';
  };

  // Every endpoint query: the list, and the flow-step candidates a new endpoint joins.
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.endpoints.pathKey() });
  const sendOtp = useMutation(trpc.endpoints.sendOtp.mutationOptions());
  const create = useMutation(trpc.endpoints.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.endpoints.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.endpoints.delete.mutationOptions({
      onSuccess: (deleted) => notifyDone(`${deleted.name} was deleted.`),
      onError: (error) => notifyFailure('Delete', error),
      onSettled: refresh,
    }),
  );

  const start = (next: Editing) => {
    setEditing(next);
    open();
  };
  const finish = () => {
    close();
    setEditing(null);
  };
  const save = async (input: EndpointCreateInput) => {
    if (editing?.mode === 'edit') {
      await update.mutateAsync({ ...input, id: editing.endpoint.id });
      notifyDone(`${input.name} was saved.`);
    } else {
      await create.mutateAsync(input);
      notifyDone(`${input.name} was created.`);
    }
    finish();
  };

  const all = list.data?.items ?? [];
  const mine = all.filter((endpoint) => endpoint.userId === user.id);
  const others = all.filter((endpoint) => endpoint.userId !== user.id);

  const table = (endpoints: EndpointView[], emptyText: string, label: string) =>
    endpoints.length === 0 ? (
      <Alert variant="light" title="Nothing here yet" mt="sm">
        {emptyText}
      </Alert>
    ) : (
      <Box
        style={{ overflowX: 'auto', position: 'relative' }}
        tabIndex={0}
        role="region"
        aria-label={label}
        mt="sm"
      >
        <Table striped verticalSpacing="xs" miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Sends to</Table.Th>
              <Table.Th>Owner</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {endpoints.map((endpoint) => {
              const manages = managesAll || endpoint.userId === user.id;
              return (
                <Table.Tr key={endpoint.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {endpoint.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {types.labelOf(endpoint.type)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" truncate maw={220}>
                      {destinationSummary(endpoint, formOf(endpoint.type))}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{endpoint.userId === user.id ? 'You' : nameOf(endpoint.userId)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" justify="flex-end">
                      <TestSendButton endpoint={endpoint} />
                      {manages && (
                        <>
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`Edit ${endpoint.name}`}
                            onClick={() => start({ mode: 'edit', endpoint })}
                          >
                            Edit
                          </Button>
                          <HandOverButton endpoint={endpoint} users={userOptions} />
                          <ConfirmButton
                            label="Delete"
                            aria-label={`Delete ${endpoint.name}`}
                            title={`Delete ${endpoint.name}?`}
                            confirmLabel="Delete endpoint"
                            loading={remove.isPending}
                            onConfirm={() => remove.mutate({ id: endpoint.id })}
                          >
                            Rules that notify it stop sending there, and flows lose it as a step.
                          </ConfirmButton>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Endpoints
        </Title>
        <Button onClick={() => start({ mode: 'create' })}>New endpoint</Button>
      </Group>
      <EndpointTransfers nameOf={nameOf} />
      {list.isPending && (
        <Center py="xl">
          <Loader role="status" aria-label="Loading endpoints" />
        </Center>
      )}
      {list.isError && (
        <Alert color="red" title="Could not load the endpoints">
          {list.error.message}
        </Alert>
      )}
      {list.data && (
        <Tabs defaultValue="mine">
          <Tabs.List>
            <Tabs.Tab value="mine">Mine ({mine.length})</Tabs.Tab>
            <Tabs.Tab value="shared">
              {managesAll ? 'Others' : 'Shared with me'} ({others.length})
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="mine">
            {table(
              mine,
              'You have no endpoint. Create one with New endpoint: an SMS or email is verified with a code, a flow escalates through several.',
              'My endpoints',
            )}
          </Tabs.Panel>
          <Tabs.Panel value="shared">
            {table(
              others,
              managesAll
                ? 'Nobody else has an endpoint yet.'
                : 'Nobody has shared an endpoint with you or your teams. Ask a teammate to share theirs.',
              'Shared endpoints',
            )}
          </Tabs.Panel>
        </Tabs>
      )}
      <Modal
        opened={opened}
        onClose={finish}
        title={editing?.mode === 'edit' ? `Edit ${editing.endpoint.name}` : 'New endpoint'}
        size="lg"
        fullScreen={phone}
      >
        {editing && types.loading && (
          <Center py="xl">
            <Loader role="status" aria-label="Loading endpoint types" />
          </Center>
        )}
        {editing && types.error && (
          <Alert color="red" title="Could not load the endpoint types">
            {types.error.message}
          </Alert>
        )}
        {editing && types.forms.length > 0 && (
          <EndpointForm
            key={editing.mode === 'edit' ? editing.endpoint.id : 'new'}
            original={
              editing.mode === 'edit' ? draftOf(editing.endpoint, formOf(editing.endpoint.type)) : null
            }
            types={types.forms}
            candidates={(candidates.data ?? []).filter(
              (candidate) => editing.mode === 'create' || candidate.id !== editing.endpoint.id,
            )}
            people={people}
            users={userOptions}
            teams={teamOptions}
            onSendCode={(request) => sendOtp.mutateAsync(request)}
            onSubmit={save}
            onCancel={finish}
          />
        )}
      </Modal>
    </Stack>
  );
}
