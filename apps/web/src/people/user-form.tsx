import { Alert, Button, Group, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, failureMessage, fieldErrorsOf } from '../forms/server-field-errors';
import { assignableRoles, isRole, type RoleName } from './roles';

export interface UserDraft {
  username: string;
  name: string;
  role: RoleName;
  password: string;
  confirmPassword: string;
}

/** Creates a user (with a first password) or edits one's name, username and role; a 422 shows at its field. */
export function UserForm({
  original,
  actorRole,
  onSubmit,
  onCancel,
}: {
  original: Omit<UserDraft, 'password' | 'confirmPassword'> | null;
  actorRole: string;
  onSubmit: (draft: UserDraft) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<UserDraft>({
    username: original?.username ?? '',
    name: original?.name ?? '',
    role: original?.role ?? 'member',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const change = (patch: Partial<UserDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setProblem(null);
    try {
      await onSubmit(draft);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setProblem(Object.keys(fields).length > 0 ? null : failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="User">
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert" title="Not saved">
            {problem}
          </Alert>
        )}
        <TextInput
          label="Username"
          required
          autoComplete="off"
          value={draft.username}
          onChange={(event) => change({ username: event.currentTarget.value })}
          error={errors.username}
        />
        <TextInput
          label="Full name"
          required
          value={draft.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          error={errors.name}
        />
        <Select
          label="Role"
          data={assignableRoles(actorRole)}
          value={draft.role}
          allowDeselect={false}
          onChange={(value) => isRole(value) && change({ role: value })}
          error={errors.role}
        />
        {original === null && (
          <>
            <PasswordInput
              label="Password"
              required
              autoComplete="new-password"
              value={draft.password}
              onChange={(event) => change({ password: event.currentTarget.value })}
              error={errors.password}
            />
            <PasswordInput
              label="Confirm password"
              required
              autoComplete="new-password"
              value={draft.confirmPassword}
              onChange={(event) => change({ confirmPassword: event.currentTarget.value })}
              error={errors.confirmPassword}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {original ? 'Save' : 'Create user'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
