import { NumberInput, PasswordInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import type { EndpointFormField } from './endpoint-type-forms';

/** The input type a field's format asks a browser for (the right keyboard on a phone). */
const INPUT_TYPES: Readonly<Record<string, string>> = { email: 'email', uri: 'url', tel: 'tel' };

/**
 * One destination field as the type's plugin declares it: its label, description and an example
 * as the placeholder; a secret as a password field, blank on edit, left blank to keep it.
 */
export function DestinationField({
  field,
  value,
  editing,
  onChange,
  error,
}: {
  field: EndpointFormField;
  value: string;
  /** The endpoint exists: a secret left blank keeps the stored one. */
  editing: boolean;
  onChange: (value: string) => void;
  error?: string;
}) {
  const keeps = editing && field.secret;
  const common = {
    label: field.label,
    required: field.required && !keeps,
    description: keeps ? `Leave blank to keep the stored ${field.label.toLowerCase()}.` : field.description,
    placeholder: field.examples?.join(' or '),
    error,
  };
  if (field.secret) {
    return (
      <PasswordInput
        {...common}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  switch (field.kind) {
    case 'boolean':
      return (
        <Switch
          label={field.label}
          description={field.description}
          checked={value === 'true'}
          onChange={(event) => onChange(String(event.currentTarget.checked))}
          error={error}
        />
      );
    case 'integer':
      return (
        <NumberInput
          {...common}
          allowDecimal={false}
          min={field.min}
          max={field.max}
          value={value}
          onChange={(next) => onChange(String(next))}
        />
      );
    case 'choice':
      return (
        <Select
          {...common}
          data={field.options ?? []}
          value={value === '' ? null : value}
          onChange={(next) => onChange(next ?? '')}
          clearable={!field.required}
        />
      );
    case 'longText':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={INPUT_TYPES[field.format ?? ''] ?? 'text'}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}
