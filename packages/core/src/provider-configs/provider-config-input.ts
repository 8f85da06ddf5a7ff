import { settingText } from '@oncall/contracts';
import type { SecretField } from '../crypto/submitted-secret';
import { validationFailed } from '../errors/domain-error';
import { formOf, type ProviderKindForms } from './provider-config-forms';

/**
 * What a create or update carries, as the kind's body parsed it (`providerConfigBody`): `name`,
 * `provider` (left out for the kind's implied one), and the provider's fields by config schema
 * name. On update, an optional field left out keeps its stored value and `null` or `""` clears it;
 * secrets also keep their value when sent back masked.
 *
 * @example { name: 'Primary SMS', provider: 'providerOne', apiToken: 't', senderNumber: '1000' }
 */
export interface ProviderConfigInput {
  readonly name: string;
  readonly provider?: string | null;
  readonly [field: string]: unknown;
}

/** A value per stored key: text sets it, `null` clears it, `undefined` keeps what is stored. */
export type SettingsPatch = Record<string, string | null | undefined>;

/** An input split into what is stored in the clear and what is sealed. */
export interface ProviderConfigFields {
  name: string;
  provider: string;
  settings: SettingsPatch;
  secrets: Array<{ field: SecretField; sent: string | null | undefined }>;
  /**
   * The settings that decide where the secrets are sent, or how they are protected on the way:
   * changing one needs the secrets again.
   */
  destination: readonly string[];
}

/**
 * Splits an input by its provider's form: the channel's secret fields are sealed, its other
 * fields stored as text.
 */
export function splitProviderConfigInput(
  kind: ProviderKindForms,
  input: ProviderConfigInput,
): ProviderConfigFields {
  const form = formOf(kind, input.provider);
  if (!form) throw validationFailed({ provider: ['The selected provider is invalid.'] });
  const settings: SettingsPatch = {};
  const secrets: ProviderConfigFields['secrets'] = [];
  for (const field of form.fields) {
    const value = input[field.name];
    if (!field.secret) {
      settings[field.name] = settingText(value);
      continue;
    }
    const requiredMessage = field.required ? `The ${field.label} field is required.` : undefined;
    secrets.push({
      field: { path: field.name, label: field.label, requiredMessage },
      sent: typeof value === 'string' || value === null ? value : undefined,
    });
  }
  return { name: input.name, provider: form.provider, settings, secrets, destination: form.secretBound };
}

/** Applies a patch to stored settings; `null` and `""` remove a key. */
export function patchSettings(stored: Record<string, string>, patch: SettingsPatch): Record<string, string> {
  const next = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null || value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}
