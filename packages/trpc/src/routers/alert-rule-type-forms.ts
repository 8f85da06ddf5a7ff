import { type AlertRuleTypeCatalog, alertRuleCommonShape } from '@oncall/contracts';
import { z } from 'zod';

/** How the web form shows one field a rule type declares. */
export type RuleFormFieldKind =
  | 'boolean'
  | 'integer'
  | 'text'
  | 'longText'
  | 'choice'
  | 'textList'
  | 'choiceList'
  | 'json'
  | 'keyValueList';

export interface RuleFormField {
  name: string;
  kind: RuleFormFieldKind;
  required: boolean;
  /** The value a create fills in when the field is left out. */
  default?: unknown;
  min?: number;
  max?: number;
  /** For `choice` and `choiceList`. */
  options?: string[];
}

/** One form: a type's fields, or one query type's of a type that has several. */
export interface RuleTypeForm {
  type: string;
  queryType?: string;
  fields: RuleFormField[];
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
}

// Text longer than this gets a multi-line box (a query, not a name).
const LONG_TEXT = 1000;
const COMMON_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'queryType',
  ...Object.keys(alertRuleCommonShape),
]);

const stringsOf = (values: unknown[] | undefined) =>
  (values ?? []).filter((value): value is string => typeof value === 'string');

/** A nullable field's schema is `anyOf: [T, null]`: the form shows T and sends null for empty. */
function withoutNull(schema: JsonSchema): JsonSchema {
  const variants = (schema.anyOf ?? []).filter((variant) => variant.type !== 'null');
  const [only] = variants;
  return variants.length === 1 && only ? { ...only, default: schema.default } : schema;
}

function kindOf(schema: JsonSchema): Pick<RuleFormField, 'kind' | 'options'> {
  if (schema.type === 'boolean') return { kind: 'boolean' };
  if (schema.type === 'integer' || schema.type === 'number') return { kind: 'integer' };
  if (schema.type === 'string' && schema.enum) return { kind: 'choice', options: stringsOf(schema.enum) };
  if (schema.type === 'string') return { kind: (schema.maxLength ?? 0) > LONG_TEXT ? 'longText' : 'text' };
  if (schema.type === 'array' && schema.items?.type === 'string' && schema.items.enum) {
    return { kind: 'choiceList', options: stringsOf(schema.items.enum) };
  }
  if (schema.type === 'array' && schema.items?.type === 'string') return { kind: 'textList' };
  if (schema.type === 'array' && schema.items?.properties?.key && schema.items.properties.value) {
    return { kind: 'keyValueList' };
  }
  return { kind: 'json' };
}

function formFields(fields: z.ZodObject): RuleFormField[] {
  const schema = z.toJSONSchema(fields, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => !COMMON_FIELDS.has(name))
    .map(([name, property]) => {
      const bare = withoutNull(property);
      return {
        name,
        ...kindOf(bare),
        required: required.has(name),
        ...(bare.default !== undefined ? { default: bare.default } : {}),
        ...(bare.minimum !== undefined ? { min: bare.minimum } : {}),
        ...(bare.maximum !== undefined ? { max: bare.maximum } : {}),
      };
    });
}

/**
 * The rule forms of the catalog's types, read from the fields each plugin declares, so the web UI
 * draws a type's form from what the plugin says rather than from a copy of it.
 */
export function ruleTypeForms(catalog: AlertRuleTypeCatalog): RuleTypeForm[] {
  return [...catalog].flatMap(([type, typeFields]) =>
    'fields' in typeFields
      ? [{ type, fields: formFields(typeFields.fields) }]
      : Object.entries(typeFields.byQueryType).map(([queryType, fields]) => ({
          type,
          queryType,
          fields: formFields(fields),
        })),
  );
}
