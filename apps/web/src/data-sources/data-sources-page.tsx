import {
  Accordion,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Pagination,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmButton } from '../forms/confirm-button';
import { notifyDone, notifyFailure } from '../forms/notify';
import { fullTime, relativeTime } from '../time/relative-time';
import { trpc } from '../trpc/client';
import { CopyableText } from './copyable-text';
import { bodyOf, type DataSourceRow } from './data-source-draft';
import { DataSourceForm, type DataSourceTypeOption } from './data-source-form';
import { absoluteUrl, receiverSnippets } from './receiver-snippets';

const PER_PAGE = 20;
type Dialog = { mode: 'create' } | { mode: 'edit'; source: DataSourceRow } | null;

/** Data sources (owner and manager roles): status, receiver URL and snippets, create, edit, delete. */
export function DataSourcesPage() {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 30em)', undefined, { getInitialValueInEffect: false });
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [debouncedName] = useDebouncedValue(name, 300);
  const [dialog, setDialog] = useState<Dialog>(null);
  const types = useQuery(trpc.dataSources.types.queryOptions());
  const sources = useQuery({
    ...trpc.dataSources.list.queryOptions({
      page,
      perPage: PER_PAGE,
      ...(debouncedName.trim() ? { name: debouncedName.trim() } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.dataSources.list.queryKey() });
  const create = useMutation(trpc.dataSources.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.dataSources.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.dataSources.delete.mutationOptions({
      onSuccess: (deleted) => notifyDone(`${deleted.name} was deleted.`),
      onError: (error) => notifyFailure('Delete', error),
      onSettled: refresh,
    }),
  );
  const typeList: DataSourceTypeOption[] = types.data ?? [];
  const labelOf = (type: string) => typeList.find((option) => option.type === type)?.label ?? type;
  const pages = sources.data ? Math.max(1, Math.ceil(sources.data.total / PER_PAGE)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Data sources
        </Title>
        <Button onClick={() => setDialog({ mode: 'create' })} disabled={typeList.length === 0}>
          New data source
        </Button>
      </Group>
      <TextInput
        label="Filter by name"
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {sources.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading data sources" />
        </Center>
      )}
      {sources.isError && (
        <Alert color="red" title="Could not load the data sources">
          {sources.error.message}
        </Alert>
      )}
      {sources.data && sources.data.items.length === 0 && (
        <Alert variant="light" title="No data source yet">
          {debouncedName
            ? 'None has that name. Clear the filter to see them all.'
            : 'Add the monitoring systems alerts come from with New data source: Prometheus, Alertmanager, Grafana, Zabbix and others. A webhook type gets a receiver URL to paste on its side; the others are queried by rules.'}
        </Alert>
      )}
      {sources.data?.items.map((source) => (
        <DataSourceCard
          key={source.id}
          source={source}
          label={labelOf(source.type)}
          onEdit={() => setDialog({ mode: 'edit', source })}
          onDelete={() => remove.mutate({ id: source.id })}
          deleting={remove.isPending}
        />
      ))}
      {pages > 1 && (
        <Center>
          <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages of data sources" />
        </Center>
      )}
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        fullScreen={phone}
        size="lg"
        title={dialog?.mode === 'edit' ? `Edit ${dialog.source.name}` : 'New data source'}
      >
        {dialog && (
          <DataSourceForm
            original={dialog.mode === 'edit' ? dialog.source : null}
            types={typeList}
            onCancel={() => setDialog(null)}
            onSubmit={async (draft) => {
              const body = bodyOf(draft);
              const saved =
                dialog.mode === 'edit'
                  ? await update.mutateAsync({ ...body, id: dialog.source.id })
                  : await create.mutateAsync(body);
              notifyDone(
                saved.webhookUrl
                  ? `${saved.name} was saved: its receiver URL is on its card.`
                  : `${saved.name} was saved.`,
              );
              setDialog(null);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

function DataSourceCard({
  source,
  label,
  onEdit,
  onDelete,
  deleting,
}: {
  source: DataSourceRow;
  label: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const origin = window.location.origin;
  const snippets = receiverSnippets({ ...source, label }, origin);
  return (
    <Card withBorder padding="md" component="article" aria-label={source.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4">
              {source.name}
            </Title>
            <Badge miw="max-content" variant="light">
              {label}
            </Badge>
            <ConnectionBadge id={source.id} />
          </Group>
          <Group gap={6}>
            <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${source.name}`}>
              Edit
            </Button>
            <ConfirmButton
              label="Delete"
              aria-label={`Delete ${source.name}`}
              title={`Delete ${source.name}?`}
              confirmLabel="Delete data source"
              loading={deleting}
              onConfirm={onDelete}
            >
              Its receiver URL stops taking alerts, and rules that query it can no longer run.
            </ConfirmButton>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {source.url}
        </Text>
        {source.poll && (
          <Text size="sm">
            Polled every {source.poll.intervalSeconds} s:{' '}
            {source.poll.status === 'error'
              ? `last poll failed (${source.poll.error ?? 'unknown error'})`
              : source.poll.status === 'ok'
                ? 'last poll answered'
                : 'first poll pending'}
            {source.poll.lastRunAt && (
              <span title={fullTime(new Date(source.poll.lastRunAt))}>
                {' '}
                {relativeTime(new Date(source.poll.lastRunAt), new Date())}
              </span>
            )}
          </Text>
        )}
        {source.webhookUrl && (
          <CopyableText
            label="Receiver URL"
            text={absoluteUrl(source.webhookUrl, origin)}
            hint="The token in it is a secret: whoever has the URL can raise alerts."
          />
        )}
        {snippets.length > 0 && (
          <Accordion variant="contained" chevronPosition="left">
            <Accordion.Item value="snippets">
              <Accordion.Control>What to paste on the {label} side</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  {snippets.map((snippet) => (
                    <CopyableText
                      key={snippet.title}
                      label={snippet.title}
                      text={snippet.text}
                      hint={snippet.where}
                    />
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        )}
      </Stack>
    </Card>
  );
}

/** Whether the source answers now (`dataSources.status`, which connects out), with the reason when not. */
function ConnectionBadge({ id }: { id: string }) {
  const status = useQuery({
    ...trpc.dataSources.status.queryOptions({ id }),
    staleTime: 60_000,
    retry: false,
  });
  if (status.isPending)
    return (
      <Badge miw="max-content" variant="outline" color="gray">
        Checking…
      </Badge>
    );
  if (status.isError)
    return (
      <Badge miw="max-content" variant="outline" color="gray">
        Status unknown
      </Badge>
    );
  return (
    <Group gap={4} wrap="wrap">
      <Badge miw="max-content" color={status.data.isConnected ? 'teal' : 'red'} variant="light">
        {status.data.isConnected ? 'Reachable' : 'Unreachable'}
      </Badge>
      {!status.data.isConnected && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {status.data.message}
        </Text>
      )}
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => void status.refetch()}
        loading={status.isFetching}
        aria-label="Check the connection again"
      >
        Check again
      </Button>
    </Group>
  );
}
