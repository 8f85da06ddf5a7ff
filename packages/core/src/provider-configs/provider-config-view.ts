import { type ProviderConfigFieldForm, type ProviderConfigForm, typedSetting } from '@oncall/contracts';
import { maskSecret } from '../crypto/secret-box';
import type { ProviderConfig } from '../entities/provider-config.entity';

/**
 * A config as every face shows it (`providerConfigViewSchema`): the record's own fields and
 * `kind`, then its provider's fields by config schema name, secrets masked (`""` when none is set).
 *
 * @example { id, name: 'Primary SMS', provider: 'providerOne', isDefault: true, isBackup: false, createdAt, updatedAt, kind: 'sms', apiToken: '********0002', senderNumber: '1000', baseUrl: null }
 */
export interface ProviderConfigView {
  readonly id: string;
  readonly name: string;
  readonly provider: string;
  readonly isDefault: boolean;
  readonly isBackup: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly kind: string;
  readonly [field: string]: unknown;
}

/**
 * The view of a stored config by the form of its provider, so a form can send a read back
 * unchanged: settings typed back from their stored text, unset optional ones `null`, unset
 * required text `""`. Without a form (no loaded plugin serves the provider any more) the view
 * has the record's own fields only.
 */
export function toProviderConfigView(
  config: ProviderConfig,
  secrets: Record<string, string>,
  form: ProviderConfigForm | undefined,
): ProviderConfigView {
  const fields = (form?.fields ?? []).map((field) => [
    field.name,
    field.secret ? maskSecret(secrets[field.name]) : shownSetting(field, config.settings[field.name]),
  ]);
  return {
    id: config.id,
    name: config.name,
    provider: config.provider,
    isDefault: config.isDefault,
    isBackup: config.isBackup,
    createdAt: config.createdAt.toISOString(),
    updatedAt: config.updatedAt.toISOString(),
    kind: config.kind,
    ...Object.fromEntries(fields),
  };
}

function shownSetting(
  field: Extract<ProviderConfigFieldForm, { secret: false }>,
  text: string | undefined,
): unknown {
  if (text === undefined) return field.required && field.value === 'string' ? '' : null;
  const { value } = field;
  switch (value) {
    case 'string':
      return text;
    case 'boolean':
      return text === 'true';
    case 'number':
      return Number.isFinite(Number(text)) ? Number(text) : null;
    case 'unknown':
      return typedSetting(text, field.schema) ?? text;
    default:
      return value.choices.includes(text) ? text : null;
  }
}
