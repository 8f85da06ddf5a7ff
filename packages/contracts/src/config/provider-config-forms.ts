import { z } from 'zod';

/**
 * What a provider config's form is derived from: a provider-backed channel plugin (the SDK's
 * `ChannelDefinition`), as far as the wire cares.
 */
export interface ProviderConfigChannel {
  readonly configSchema: z.ZodObject;
  readonly secretFields: readonly string[];
  readonly configFields?: z.ZodObject;
  readonly secretBoundFields?: readonly string[];
}

/**
 * How a field's value is typed in bodies and answers. Provider config settings are stored as
 * text; this says what the text stands for. `unknown` when the schema is none of these.
 *
 * @example { choices: ['starttls', 'implicit', 'none'] }
 */
export type ConfigValueType =
  | 'string'
  | 'boolean'
  | 'number'
  | 'unknown'
  | { readonly choices: readonly [string, ...string[]] };

interface FieldFormBase {
  /** As the config schema names it: `apiToken`. */
  readonly name: string;
  /** How messages name it: `api token`. */
  readonly label: string;
}

/**
 * One field of a provider config form. A secret is written as the host writes every secret (text,
 * write-only, masked in answers; required on create when `required`); any other field by its schema.
 */
export type ProviderConfigFieldForm =
  | (FieldFormBase & { readonly secret: true; readonly required: boolean })
  | (FieldFormBase & {
      readonly secret: false;
      /** The body refuses it missing. */
      readonly required: boolean;
      readonly schema: z.core.$ZodType;
      readonly value: ConfigValueType;
    });

/** The provider config form of one provider (`smtp`) of a kind, fields in config schema order. */
export interface ProviderConfigForm {
  readonly provider: string;
  /** A body may leave `provider` out and mean this one. */
  readonly implied: boolean;
  /** Other names a body may give `provider` for this one (older clients' names). */
  readonly legacyNames: readonly string[];
  /** Fields older clients read under another name, by that name (`{ usrename: 'username' }`). */
  readonly legacyFieldNames: Readonly<Record<string, string>>;
  readonly fields: readonly ProviderConfigFieldForm[];
  /** The fields whose change needs the secrets sent again (`secretBoundFields`). */
  readonly secretBound: readonly string[];
}

/** The forms of one provider config kind (`sms`), one per provider, in load order. */
export interface ProviderConfigKindForm {
  readonly kind: string;
  readonly providers: readonly [ProviderConfigForm, ...ProviderConfigForm[]];
}

/**
 * How messages name a field: its camel-case words, lower case.
 *
 * @example fieldLabel('fromAddress') // 'from address'
 */
export function fieldLabel(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * The form of a provider-backed channel's provider configs. Non-secret fields come from the
 * channel's `configFields`, else from its `configSchema` with the default left to send time and
 * `null` clearing an optional field. Without `secretBoundFields`, every non-secret field binds
 * the secrets.
 *
 * @example providerConfigForm({ name: 'smtp', label: 'Email config', implied: true }, emailSmtp)
 */
export function providerConfigForm(
  provider: {
    readonly name: string;
    readonly implied?: boolean;
    readonly legacyNames?: readonly string[];
    readonly legacyFieldNames?: Readonly<Record<string, string>>;
  },
  channel: ProviderConfigChannel,
): ProviderConfigForm {
  const secrets = new Set(channel.secretFields);
  const fields = Object.entries(channel.configSchema.shape).map(([name, field]): ProviderConfigFieldForm => {
    const label = fieldLabel(name);
    if (secrets.has(name)) return { name, label, secret: true, required: !acceptsMissing(field) };
    const schema = channel.configFields?.shape[name] ?? clearable(field);
    return {
      name,
      label,
      secret: false,
      required: !acceptsMissing(schema),
      schema,
      value: valueTypeOf(schema),
    };
  });
  return {
    provider: provider.name,
    implied: provider.implied === true,
    legacyNames: provider.legacyNames ?? [],
    legacyFieldNames: provider.legacyFieldNames ?? {},
    fields,
    secretBound:
      channel.secretBoundFields ?? fields.filter((field) => !field.secret).map((field) => field.name),
  };
}

/**
 * A stored setting typed back for a schema that takes it: the text itself when the schema does,
 * else the boolean, number or JSON value it spells. `undefined` when the schema takes none.
 *
 * @example typedSetting('true', z.boolean().optional()) // true
 * @example typedSetting('587', z.string()) // '587'
 */
export function typedSetting(text: string, schema: z.core.$ZodType): unknown {
  return settingReadings(text).find((reading) => z.safeParse(schema, reading).success);
}

/**
 * A setting as stored: text as is, booleans and numbers spelled out, anything else as JSON. `null`
 * (and `""`) clear it, `undefined` keeps what is stored.
 *
 * @example settingText(true) // 'true'
 */
export function settingText(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function settingReadings(text: string): unknown[] {
  const readings: unknown[] = [text];
  if (text === 'true' || text === 'false') readings.push(text === 'true');
  if (text.trim() !== '' && Number.isFinite(Number(text))) readings.push(Number(text));
  try {
    readings.push(JSON.parse(text));
  } catch {
    // Plain text: the readings above are all there are.
  }
  return readings;
}

function acceptsMissing(schema: z.core.$ZodType): boolean {
  try {
    return z.safeParse(schema, undefined).success;
  } catch {
    // A schema that cannot be checked at once (an async refinement) is taken to need a value.
    return false;
  }
}

/** A config schema field as a body takes it: its default applies at send time, not on write. */
function clearable(field: z.core.$ZodType): z.core.$ZodType {
  const def = defOf(field);
  const inner = def.type === 'default' || def.type === 'prefault' ? def.innerType : field;
  return acceptsMissing(field) ? z.nullish(inner) : inner;
}

function valueTypeOf(schema: z.core.$ZodType): ConfigValueType {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'boolean':
    case 'number':
      return def.type;
    case 'enum':
      return choices(Object.values(def.entries));
    case 'literal':
      return choices(def.values);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return valueTypeOf(def.innerType);
    case 'pipe':
      return valueTypeOf(def.in);
    default:
      return 'unknown';
  }
}

function choices(values: readonly unknown[]): ConfigValueType {
  const texts = values.filter((value): value is string => typeof value === 'string');
  const [first, ...rest] = texts;
  return first !== undefined && texts.length === values.length ? { choices: [first, ...rest] } : 'unknown';
}

// zod's own union of its schema types, which narrows on `def.type`; every schema is one of them.
function defOf(schema: z.core.$ZodType): z.core.$ZodTypes['_zod']['def'] {
  return (schema as z.core.$ZodTypes)._zod.def;
}
