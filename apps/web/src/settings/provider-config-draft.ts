import type { RouterOutputs } from '../trpc/router-types';

export type ProviderKindForms = RouterOutputs['configs']['providerConfigs']['forms'][number];
export type ProviderForm = ProviderKindForms['providers'][number];
export type ProviderField = ProviderForm['fields'][number];
export type ProviderConfigRow = RouterOutputs['configs']['providerConfigs']['list'][number];

/** A field's value as its input holds it: text for text, numbers and JSON, a flag for a boolean. */
export type FieldValue = string | boolean;

export interface ProviderConfigDraft {
  name: string;
  provider: string;
  values: Record<string, FieldValue>;
}

/**
 * The form's values for a provider: a read's values (secrets as read, that is masked, so sending
 * them back keeps the stored ones), else empty.
 */
export function valuesFor(form: ProviderForm, config: ProviderConfigRow | null): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const field of form.fields) {
    const read = config && config.provider === form.provider ? config[field.name] : undefined;
    if (field.value === 'boolean') values[field.name] = read === true;
    else if (read === null || read === undefined) values[field.name] = '';
    else values[field.name] = typeof read === 'string' ? read : JSON.stringify(read);
  }
  return values;
}

function sentValue(field: ProviderField, value: FieldValue): unknown {
  if (typeof value === 'boolean') return value;
  if (value.trim() === '') return field.required && !field.secret ? '' : null;
  if (field.value === 'number') return Number(value);
  if (field.value === 'unknown') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

/**
 * The body of a draft for `create` or `update` (besides `kind` and `id`): each field of the chosen
 * provider's form typed as it declares; a blank optional field is `null` (cleared), a blank secret
 * too, and a masked secret goes back as read, which keeps the stored one.
 */
export function providerConfigBody(form: ProviderForm, draft: ProviderConfigDraft): Record<string, unknown> {
  const body: Record<string, unknown> = { name: draft.name, provider: form.provider };
  for (const field of form.fields) {
    body[field.name] = sentValue(field, draft.values[field.name] ?? '');
  }
  return body;
}

/** How a field is named in the form: its label with the first letter up (`api token` → `Api token`). */
export function fieldTitle(field: ProviderField): string {
  const label = field.label.replace(/\burl\b/g, 'URL').replace(/\bapi\b/g, 'API');
  return label.charAt(0).toUpperCase() + label.slice(1);
}
