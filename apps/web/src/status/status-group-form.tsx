import { Alert, Button, Group, Stack, TagsInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFormSubmit } from '../forms/use-form-submit';

export interface StatusGroupDraft {
  name: string;
  tags: string[];
}

/**
 * Creates or renames a status group and chooses its tags (the rules carrying all of them count on
 * its card); the tags in use are offered, a new one can be typed. A 422 shows at its field.
 */
export function StatusGroupForm({
  original,
  knownTags,
  onSubmit,
  onCancel,
}: {
  original: StatusGroupDraft;
  knownTags: readonly string[];
  onSubmit: (draft: StatusGroupDraft) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<StatusGroupDraft>(original);
  const { errors, problem, saving, submit } = useFormSubmit(() => onSubmit(draft));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Status group">
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
          onChange={(event) => {
            const name = event.currentTarget.value;
            setDraft((current) => ({ ...current, name }));
          }}
          error={errors.name}
          data-autofocus
        />
        <TagsInput
          label="Tags"
          description="A rule counts on the card when it carries every one of them. Pick or type, Enter adds."
          required
          data={[...new Set([...knownTags, ...draft.tags])]}
          value={draft.tags}
          onChange={(tags) => setDraft((current) => ({ ...current, tags }))}
          error={errors.tags ?? errors['tags.0']}
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
