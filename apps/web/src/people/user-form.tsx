import { PasswordInput, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormShell } from '../forms/form-shell';
import { useFormSubmit } from '../forms/use-form-submit';
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
  const change = (patch: Partial<UserDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const { errors, problem, saving, submit } = useFormSubmit(() => onSubmit(draft));

  return (
    <FormShell
      label="User"
      problem={problem}
      saving={saving}
      submitLabel={original ? 'Save' : 'Create user'}
      onSubmit={submit}
      onCancel={onCancel}
    >
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
    </FormShell>
  );
}
