import { Alert, Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/**
 * The frame of every dialog form: what failed above the fields (a 422's messages are at the
 * fields instead), the fields, then Cancel and the submit button, which shows the save running.
 */
export function FormShell({
  label,
  problem,
  saving,
  submitLabel,
  onSubmit,
  onCancel,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  problem: string | null;
  saving: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert" title="Not saved">
            {problem}
          </Alert>
        )}
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
