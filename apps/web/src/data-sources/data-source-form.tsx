import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useFormSubmit } from '../forms/use-form-submit';
import { type DataSourceDraft, type DataSourceRow, draftOf } from './data-source-draft';

export interface DataSourceTypeOption {
  type: string;
  label: string;
  isWebhook: boolean;
}

/**
 * Creates a data source (its type chosen once) or edits one. Secrets show masked and are never
 * read back in clear: left as they are, the stored ones are kept. A 422 shows at its field.
 */
export function DataSourceForm({
  original,
  types,
  onSubmit,
  onCancel,
}: {
  original: DataSourceRow | null;
  types: readonly DataSourceTypeOption[];
  onSubmit: (draft: DataSourceDraft) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<DataSourceDraft>(() => draftOf(original, types[0]?.type ?? ''));
  const { errors, problem, saving, submit } = useFormSubmit(() => onSubmit(draft));
  const change = (patch: Partial<DataSourceDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const chosen = types.find((type) => type.type === draft.type);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Data source">
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert" title="Not saved">
            {problem}
          </Alert>
        )}
        <Select
          label="Type"
          data={types.map((type) => ({ value: type.type, label: type.label }))}
          value={draft.type}
          allowDeselect={false}
          disabled={original !== null}
          description={
            chosen?.isWebhook
              ? 'It sends alerts to us: a receiver URL is made when it is saved.'
              : 'We query it (rules and status checks).'
          }
          onChange={(value) => value && change({ type: value })}
          error={errors.type}
        />
        <TextInput
          label="Name"
          required
          value={draft.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          error={errors.name}
        />
        <TextInput
          label="URL"
          required
          placeholder="http://prometheus:9090"
          description="Where the system answers: its status check and queries go here."
          value={draft.url}
          onChange={(event) => change({ url: event.currentTarget.value })}
          error={errors.url}
        />
        <TextInput
          label="Username"
          autoComplete="off"
          value={draft.username}
          onChange={(event) => change({ username: event.currentTarget.value })}
          error={errors.username}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          description={
            original?.password ? 'Stored (masked). Leave as is to keep it; empty it to remove it.' : undefined
          }
          value={draft.password}
          onChange={(event) => change({ password: event.currentTarget.value })}
          error={errors.password}
        />
        <PasswordInput
          label="API token"
          autoComplete="new-password"
          description={
            original?.apiToken ? 'Stored (masked). Leave as is to keep it; empty it to remove it.' : undefined
          }
          value={draft.apiToken}
          onChange={(event) => change({ apiToken: event.currentTarget.value })}
          error={errors.apiToken}
        />
        <Group grow align="flex-start">
          <NumberInput
            label="Timeout (seconds)"
            min={1}
            max={60}
            placeholder="5"
            value={draft.timeoutSeconds}
            onChange={(value) => change({ timeoutSeconds: String(value) })}
            error={errors.timeoutSeconds}
          />
          <NumberInput
            label="Poll every (seconds)"
            min={10}
            max={3600}
            placeholder="not polled"
            value={draft.pollIntervalSeconds}
            onChange={(value) => change({ pollIntervalSeconds: String(value) })}
            error={errors.pollIntervalSeconds}
          />
        </Group>
        <Checkbox
          label="Accept any TLS certificate (prefer a CA certificate below)"
          checked={draft.tlsSkipVerify}
          onChange={(event) => change({ tlsSkipVerify: event.currentTarget.checked })}
          error={errors.tlsSkipVerify}
        />
        <Textarea
          label="CA certificate (PEM)"
          autosize
          minRows={2}
          maxRows={6}
          value={draft.caCertificate}
          onChange={(event) => change({ caCertificate: event.currentTarget.value })}
          error={errors.caCertificate}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {original ? 'Save' : 'Create data source'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
