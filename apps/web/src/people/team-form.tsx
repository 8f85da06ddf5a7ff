import { MultiSelect, Select, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormShell } from '../forms/form-shell';
import { useFormSubmit } from '../forms/use-form-submit';

export interface TeamDraft {
  name: string;
  description: string;
  ownerId: string;
  userIds: string[];
}

/** Creates or edits a team: its name, description, owner and members; a 422 shows at its field. */
export function TeamForm({
  original,
  users,
  onSubmit,
  onCancel,
}: {
  original: TeamDraft;
  users: { value: string; label: string }[];
  onSubmit: (draft: TeamDraft) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<TeamDraft>(original);
  const change = (patch: Partial<TeamDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const { errors, problem, saving, submit } = useFormSubmit(() => onSubmit(draft));

  return (
    <FormShell
      label="Team"
      problem={problem}
      saving={saving}
      submitLabel="Save team"
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextInput
        label="Name"
        required
        value={draft.name}
        onChange={(event) => change({ name: event.currentTarget.value })}
        error={errors.name}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={draft.description}
        onChange={(event) => change({ description: event.currentTarget.value })}
        error={errors.description}
      />
      <Select
        label="Team owner"
        description="May edit and delete the team."
        data={users}
        value={draft.ownerId || null}
        onChange={(value) => change({ ownerId: value ?? '' })}
        searchable
        error={errors.ownerId}
      />
      <MultiSelect
        label="Members"
        description="They see the rules and endpoints shared with the team."
        data={users}
        value={draft.userIds}
        onChange={(userIds) => change({ userIds })}
        searchable
        error={errors.userIds}
      />
    </FormShell>
  );
}
