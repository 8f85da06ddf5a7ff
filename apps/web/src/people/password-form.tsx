import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, failureMessage, fieldErrorsOf } from '../forms/server-field-errors';

export interface PasswordDraft {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/**
 * A new password: your own needs the current one; an owner or manager resetting someone else's
 * does not. Cleared after a save; a 422 shows at its field.
 */
export function PasswordForm({
  own,
  onSubmit,
  onCancel,
  submitLabel = 'Change password',
}: {
  own: boolean;
  onSubmit: (draft: PasswordDraft) => Promise<unknown>;
  onCancel?: () => void;
  submitLabel?: string;
}) {
  const empty = { currentPassword: '', password: '', confirmPassword: '' };
  const [draft, setDraft] = useState<PasswordDraft>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const change = (patch: Partial<PasswordDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setProblem(null);
    try {
      await onSubmit(draft);
      setDraft(empty);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setProblem(Object.keys(fields).length > 0 ? null : failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Password">
      <Stack gap="sm" maw={420}>
        {problem && (
          <Alert color="red" role="alert" title="Not changed">
            {problem}
          </Alert>
        )}
        {own && (
          <PasswordInput
            label="Current password"
            required
            autoComplete="current-password"
            value={draft.currentPassword}
            onChange={(event) => change({ currentPassword: event.currentTarget.value })}
            error={errors.currentPassword}
          />
        )}
        <PasswordInput
          label="New password"
          required
          autoComplete="new-password"
          value={draft.password}
          onChange={(event) => change({ password: event.currentTarget.value })}
          error={errors.password}
        />
        <PasswordInput
          label="Confirm new password"
          required
          autoComplete="new-password"
          value={draft.confirmPassword}
          onChange={(event) => change({ confirmPassword: event.currentTarget.value })}
          error={errors.confirmPassword}
        />
        <Group justify={onCancel ? 'flex-end' : 'flex-start'}>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
