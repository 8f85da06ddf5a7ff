import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  PasswordInput,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyDone } from '../forms/notify';
import { useFormSubmit } from '../forms/use-form-submit';
import { trpc } from '../trpc/client';
import type { RouterOutputs } from '../trpc/router-types';

type Cluster = RouterOutputs['configs']['cluster']['get'];

/** Whether this instance is a main or an agent of another (its URL and the token it gave). */
export function ClusterSection() {
  const cluster = useQuery(trpc.configs.cluster.get.queryOptions());
  if (cluster.isPending) {
    return (
      <Center py="md">
        <Loader aria-label="Loading the cluster config" />
      </Center>
    );
  }
  if (cluster.isError) {
    return (
      <Alert color="red" title="Could not load the cluster config">
        {cluster.error.message}
      </Alert>
    );
  }
  return <ClusterForm stored={cluster.data} />;
}

function ClusterForm({ stored }: { stored: Cluster }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({
    type: stored.type,
    sourceUrl: stored.sourceUrl,
    sourceToken: stored.sourceToken,
  });
  const save = useMutation(
    trpc.configs.cluster.save.mutationOptions({
      onSuccess: (saved) => queryClient.setQueryData(trpc.configs.cluster.get.queryKey(), saved),
    }),
  );
  const { errors, problem, saving, submit } = useFormSubmit(async () => {
    await save.mutateAsync(
      draft.type === 'main'
        ? { type: 'main' }
        : {
            type: 'agent',
            sourceUrl: draft.sourceUrl,
            ...(draft.sourceToken ? { sourceToken: draft.sourceToken } : {}),
          },
    );
    notifyDone(
      draft.type === 'main' ? 'This instance is a main.' : 'This instance is an agent of its main now.',
    );
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Cluster">
      <Stack gap="sm" maw={560}>
        {problem && (
          <Alert color="red" role="alert" title="Not saved">
            {problem}
          </Alert>
        )}
        <Radio.Group
          label="This instance is"
          value={draft.type}
          onChange={(value) =>
            (value === 'main' || value === 'agent') && setDraft((d) => ({ ...d, type: value }))
          }
          error={errors.type}
        >
          <Stack gap={6} mt={6}>
            <Radio value="main" label="Main: serves everything" />
            <Radio value="agent" label="Agent: takes its rules from a main" />
          </Stack>
        </Radio.Group>
        {draft.type === 'agent' && (
          <>
            <TextInput
              label="Main's URL"
              required
              placeholder="https://oncall-main.example.com"
              value={draft.sourceUrl}
              onChange={(event) => {
                const { value } = event.currentTarget;
                setDraft((d) => ({ ...d, sourceUrl: value }));
              }}
              error={errors.sourceUrl}
            />
            <PasswordInput
              label="Token the main gave"
              required
              autoComplete="new-password"
              description={stored.sourceToken ? 'Stored, shown masked. Leave it to keep it.' : undefined}
              value={draft.sourceToken}
              onChange={(event) => {
                const { value } = event.currentTarget;
                setDraft((d) => ({ ...d, sourceToken: value }));
              }}
              error={errors.sourceToken}
            />
          </>
        )}
        <Text size="xs" c="dimmed">
          A change takes effect for the whole instance.
        </Text>
        <Group>
          <Button type="submit" loading={saving}>
            Save cluster config
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
