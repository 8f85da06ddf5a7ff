import { z } from 'zod';
import { requiredText } from '../common/fields';
import { choiceField, discriminatorError, keptSecret, requiredSecret } from './config-fields';
import type {
  ConfigValueType,
  ProviderConfigFieldForm,
  ProviderConfigForm,
  ProviderConfigKindForm,
} from './provider-config-forms';

/** Whether a body creates a config (required secrets must be sent) or updates one (kept if left out). */
export type ProviderConfigWrite = 'create' | 'update';

export interface ProviderConfigBodyOptions<Extra extends z.ZodRawShape> {
  /** Fields every body of the kind carries besides its own: tRPC's `kind` and `id`; REST none. */
  readonly extra: Extra;
  /** Refuse unknown fields (tRPC) rather than drop them (REST). */
  readonly strict?: boolean;
}

const name = requiredText('name');

/**
 * The provider config kinds (`sms`, `call`, `email` and those of loaded plugins) as a field, for
 * faces that carry the kind in the body rather than the path.
 *
 * @example providerKindField(plugins.providerKinds).parse('sms')
 */
export const providerKindField = (kinds: readonly string[]) => choiceField('kind', kinds);

/**
 * A kind's create or update body (`POST /config/{kind}`): `name`, `provider` (one of the kind's
 * providers; optional when one is implied), then the provider's fields. A kind with several
 * providers takes a union on `provider`.
 *
 * @example providerConfigBody(smsForm, 'create', { extra: {} }) // { name, provider: 'providerOne', apiToken, senderNumber, baseUrl? }
 */
export function providerConfigBody<Extra extends z.ZodRawShape>(
  kind: ProviderConfigKindForm,
  write: ProviderConfigWrite,
  options: ProviderConfigBodyOptions<Extra>,
) {
  const [only, ...others] = kind.providers;
  const body = (form: ProviderConfigForm) => {
    const names = [form.provider, ...form.legacyNames] as const;
    // A legacy name is read as the provider's own, so only that is stored and answered.
    const provider = (others.length === 0 ? choiceField('provider', names) : z.literal(names)).transform(
      () => form.provider,
    );
    const fields: Record<string, z.core.$ZodType> = Object.fromEntries(
      form.fields.map((field) => [field.name, bodyField(field, write)]),
    );
    const object = z.object({
      name,
      provider: form.implied ? provider.optional() : provider,
      ...fields,
      ...options.extra,
    });
    return options.strict ? object.strict() : object;
  };
  if (others.length === 0) return body(only);
  return z.discriminatedUnion('provider', [body(only), ...others.map(body)], {
    error: discriminatorError('provider'),
  });
}

const masked = z.string().describe('Masked: never more than the last four characters.');

const configView = {
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  isDefault: z.boolean(),
  isBackup: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

/**
 * A kind's config as answers show it: the record's own fields, `kind`, then the provider's
 * fields, secrets masked; an optional field left unset is `null`, a required text one `""`.
 */
export function providerConfigViewSchema(kind: ProviderConfigKindForm) {
  const [only, ...others] = kind.providers;
  const view = (form: ProviderConfigForm) =>
    z.object({
      ...configView,
      ...(others.length === 0 ? {} : { provider: z.literal(form.provider) }),
      kind: z.literal(kind.kind),
      ...Object.fromEntries(form.fields.map((field) => [field.name, viewField(field)])),
    });
  if (others.length === 0) return view(only);
  return z.union([view(only), ...others.map(view)]);
}

export const availableProvidersSchema = z.array(z.string());

function bodyField(field: ProviderConfigFieldForm, write: ProviderConfigWrite): z.core.$ZodType {
  if (!field.secret) return field.schema;
  return write === 'create' && field.required ? requiredSecret(field.label) : keptSecret(field.label);
}

function viewField(field: ProviderConfigFieldForm): z.ZodType {
  if (field.secret) return masked;
  if (field.value === 'string') return field.required ? z.string() : z.string().nullable();
  return valueSchema(field.value).nullable();
}

function valueSchema(value: Exclude<ConfigValueType, 'string'>): z.ZodType {
  switch (value) {
    case 'boolean':
      return z.boolean();
    case 'number':
      return z.number();
    case 'unknown':
      return z.unknown();
    default:
      return z.enum(value.choices);
  }
}
