import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormShell } from '../forms/form-shell';
import { useFormSubmit } from '../forms/use-form-submit';

export interface ZoneDraft {
  name: string;
  url: string;
}

/** Registers an agent zone or renames and moves one: its name and the URL the main reaches it at. */
export function ZoneForm({
  original,
  onSubmit,
  onCancel,
}: {
  original: ZoneDraft | null;
  onSubmit: (draft: ZoneDraft) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<ZoneDraft>(original ?? { name: '', url: 'https://' });
  const { errors, problem, saving, submit } = useFormSubmit(() =>
    onSubmit({ name: draft.name.trim(), url: draft.url.trim() }),
  );
  return (
    <FormShell
      label="Zone"
      problem={problem}
      saving={saving}
      submitLabel={original ? 'Save' : 'Register zone'}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextInput
        label="Name"
        required
        value={draft.name}
        onChange={(event) => {
          const name = event.currentTarget.value;
          setDraft((current) => ({ ...current, name }));
        }}
        error={errors.name}
      />
      <TextInput
        label="URL"
        description="Where this main reaches the agent (TLS verified; a sub-path is fine)."
        required
        inputMode="url"
        value={draft.url}
        onChange={(event) => {
          const url = event.currentTarget.value;
          setDraft((current) => ({ ...current, url }));
        }}
        error={errors.url}
      />
    </FormShell>
  );
}
