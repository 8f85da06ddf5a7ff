import { z } from 'zod';

/** How a web form shows one field a plugin declares. */
export type FormFieldKind =
  | 'boolean'
  | 'integer'
  | 'text'
  | 'longText'
  | 'choice'
  | 'textList'
  | 'choiceList'
  | 'json'
  | 'keyValueList';

/**
 * One field of a plugin's schema as a form draws it. `label`, `description`, `examples` and
 * `format` are what the plugin wrote in the field's metadata (`.meta({ title, description,
 * examples, format })`; `format` also comes from the check, e.g. `z.email()`).
 */
export interface FormField {
  name: string;
  kind: FormFieldKind;
  required: boolean;
  label?: string;
  description?: string;
  /** Sample values, shown as the empty field's placeholder. */
  examples?: string[];
  /** What the text is (`email`, `uri`, `tel`), so a browser offers the right keyboard. */
  format?: string;
  /** The value a create fills in when the field is left out. */
  default?: unknown;
  min?: number;
  max?: number;
  /** For `choice` and `choiceList`. */
  options?: string[];
}

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  title?: string;
  description?: string;
  examples?: unknown[];
  format?: string;
}

// Text longer than this gets a multi-line box (a query, not a name).
const LONG_TEXT = 1000;

const stringsOf = (values: unknown[] | undefined) =>
  (values ?? []).filter((value): value is string => typeof value === 'string');

/**
 * A nullable field's schema is `anyOf: [T, null]`: the form shows T and sends null for empty. The
 * metadata stays with the field, whichever variant carries it.
 */
function withoutNull(schema: JsonSchema): JsonSchema {
  const variants = (schema.anyOf ?? []).filter((variant) => variant.type !== 'null');
  const [only] = variants;
  if (variants.length !== 1 || only === undefined) return schema;
  const { anyOf: _variants, ...outer } = schema;
  return { ...only, ...outer };
}

/** A union of texts (a pattern or `""` for none) is text to a form. */
const allText = (schema: JsonSchema) =>
  schema.anyOf !== undefined && schema.anyOf.length > 0 && schema.anyOf.every((v) => v.type === 'string');

function kindOf(schema: JsonSchema): Pick<FormField, 'kind' | 'options'> {
  if (schema.type === 'boolean') return { kind: 'boolean' };
  if (schema.type === 'integer' || schema.type === 'number') return { kind: 'integer' };
  if (schema.type === 'string' && schema.enum) return { kind: 'choice', options: stringsOf(schema.enum) };
  if (schema.type === 'string') return { kind: (schema.maxLength ?? 0) > LONG_TEXT ? 'longText' : 'text' };
  if (allText(schema)) return { kind: 'text' };
  if (schema.type === 'array' && schema.items?.type === 'string' && schema.items.enum) {
    return { kind: 'choiceList', options: stringsOf(schema.items.enum) };
  }
  if (schema.type === 'array' && schema.items?.type === 'string') return { kind: 'textList' };
  if (schema.type === 'array' && schema.items?.properties?.key && schema.items.properties.value) {
    return { kind: 'keyValueList' };
  }
  return { kind: 'json' };
}

function describedBy(schema: JsonSchema): Pick<FormField, 'label' | 'description' | 'examples' | 'format'> {
  const examples = stringsOf(schema.examples);
  return {
    ...(schema.title !== undefined ? { label: schema.title } : {}),
    ...(schema.description !== undefined ? { description: schema.description } : {}),
    ...(examples.length > 0 ? { examples } : {}),
    ...(schema.format !== undefined ? { format: schema.format } : {}),
  };
}

/**
 * The fields of an object schema as a client writes them (its input side), in their order, but
 * those named in `skip` (fields the form draws itself).
 *
 * @example formFields(z.object({ topic: z.string().meta({ title: 'Topic' }) }))
 * // [{ name: 'topic', kind: 'text', required: true, label: 'Topic' }]
 */
export function formFields(fields: z.ZodObject, skip: ReadonlySet<string> = new Set()): FormField[] {
  const schema = z.toJSONSchema(fields, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => !skip.has(name))
    .map(([name, property]) => {
      const bare = withoutNull(property);
      return {
        name,
        ...kindOf(bare),
        required: required.has(name),
        ...describedBy(bare),
        ...(bare.default !== undefined ? { default: bare.default } : {}),
        ...(bare.minimum !== undefined ? { min: bare.minimum } : {}),
        ...(bare.maximum !== undefined ? { max: bare.maximum } : {}),
      };
    });
}
