import { Checkbox, NumberInput, PasswordInput, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormShell } from '../forms/form-shell';
import { useFormSubmit } from '../forms/use-form-submit';
import {
  fieldTitle,
  type ProviderConfigDraft,
  type ProviderConfigRow,
  type ProviderField,
  type ProviderForm,
  type ProviderKindForms,
  valuesFor,
} from './provider-config-draft';

/**
 * A provider config of one kind, its fields drawn from the chosen provider's form
 * (`configs.providerConfigs.forms`). Secrets show masked as read, never in clear; left as they are,
 * the stored ones are kept. A 422 shows at its field.
 */
export function ProviderConfigForm({
  kind,
  original,
  onSubmit,
  onCancel,
}: {
  kind: ProviderKindForms;
  original: ProviderConfigRow | null;
  onSubmit: (form: ProviderForm, draft: ProviderConfigDraft) => Promise<unknown>;
  onCancel: () => void;
}) {
  const firstForm = kind.providers.find((form) => form.provider === original?.provider) ?? kind.providers[0];
  const [draft, setDraft] = useState<ProviderConfigDraft>(() => ({
    name: original?.name ?? '',
    provider: firstForm?.provider ?? '',
    values: firstForm ? valuesFor(firstForm, original) : {},
  }));
  const form = kind.providers.find((candidate) => candidate.provider === draft.provider);
  const { errors, problem, saving, submit } = useFormSubmit(async () => {
    if (form) await onSubmit(form, draft);
  });
  const setValue = (name: string, value: string | boolean) =>
    setDraft((current) => ({ ...current, values: { ...current.values, [name]: value } }));

  const input = (field: ProviderField) => {
    const value = draft.values[field.name] ?? '';
    const common = { label: fieldTitle(field), required: field.required, error: errors[field.name] };
    if (field.secret) {
      const stored = typeof original?.[field.name] === 'string' && original[field.name] !== '';
      return (
        <PasswordInput
          key={field.name}
          {...common}
          autoComplete="new-password"
          description={
            stored ? 'Stored, shown masked. Leave it to keep it; type a new one to replace it.' : undefined
          }
          value={String(value)}
          onChange={(event) => setValue(field.name, event.currentTarget.value)}
        />
      );
    }
    if (field.value === 'boolean') {
      return (
        <Checkbox
          key={field.name}
          label={common.label}
          error={common.error}
          checked={value === true}
          onChange={(event) => setValue(field.name, event.currentTarget.checked)}
        />
      );
    }
    if (field.value === 'number') {
      return (
        <NumberInput
          key={field.name}
          {...common}
          value={String(value)}
          onChange={(next) => setValue(field.name, String(next))}
        />
      );
    }
    if (typeof field.value === 'object') {
      return (
        <Select
          key={field.name}
          {...common}
          data={[...field.value.choices]}
          clearable={!field.required}
          value={value === '' ? null : String(value)}
          onChange={(next) => setValue(field.name, next ?? '')}
        />
      );
    }
    return (
      <TextInput
        key={field.name}
        {...common}
        value={String(value)}
        onChange={(event) => setValue(field.name, event.currentTarget.value)}
      />
    );
  };

  return (
    <FormShell
      label={kind.label}
      problem={problem}
      saving={saving}
      submitLabel={original ? 'Save' : 'Create config'}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextInput
        label="Name"
        required
        value={draft.name}
        onChange={(event) => {
          const { value } = event.currentTarget;
          setDraft((current) => ({ ...current, name: value }));
        }}
        error={errors.name}
      />
      <Select
        label="Provider"
        data={kind.providers.map((candidate) => candidate.provider)}
        value={draft.provider}
        allowDeselect={false}
        onChange={(provider) => {
          const next = kind.providers.find((candidate) => candidate.provider === provider);
          if (next)
            setDraft((current) => ({
              ...current,
              provider: next.provider,
              values: valuesFor(next, original),
            }));
        }}
        error={errors.provider}
      />
      {form?.fields.map(input)}
    </FormShell>
  );
}
