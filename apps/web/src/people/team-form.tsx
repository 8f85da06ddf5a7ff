import { Alert, Button, Group, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, failureMessage, fieldErrorsOf } from '../forms/server-field-errors';

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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const change = (patch: Partial<TeamDraft>) => setDraft((current) => ({ ...current, ...patch }));

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
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Team">
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert" title="Not saved">
            {problem}
          </Alert>
        )}
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save team
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
