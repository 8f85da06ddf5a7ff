import {
  type AlertRuleCreateInput,
  type AlertRuleTypeFields,
  type AlertRuleUpdateInput,
  type alertRuleTypeFieldsSchema,
  fieldErrorsFromIssues,
} from '@oncall/contracts';
import { validationFailed } from '../errors/domain-error';

export type { AlertRuleCreateInput, AlertRuleUpdateInput };

/** Fields every type shares; everything else a body carries belongs to its type. */
const COMMON_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'name',
  'description',
  'showAcknowledgeBtn',
  'tags',
  'userIds',
  'teamIds',
  'endpointIds',
  'groupInterval',
  'groupBy',
  'repeatInterval',
]);

/** Data sources are a relation, not part of the stored type fields. */
const SOURCE_FIELDS: ReadonlySet<string> = new Set(['dataSourceIds', 'dataSourceId']);

/** The type-specific part of a rule as it is stored: JSON `settings` plus the data-source relation. */
export interface StoredTypeFields {
  settings: Record<string, unknown>;
  dataSourceIds: string[];
}

/** The schema of every type's fields, `type` included, built from the rule-type catalog. */
export type TypeFieldsSchema = ReturnType<typeof alertRuleTypeFieldsSchema>;

/**
 * A rule's type and its type's fields, checked as its type's schema takes them (an unknown type,
 * a missing or bad field are a 422 at their paths); common fields are left out.
 */
export function checkedTypeFields(
  schema: TypeFieldsSchema,
  candidate: AlertRuleCreateInput | Record<string, unknown>,
): AlertRuleTypeFields {
  const parsed = schema.safeParse(candidate);
  if (!parsed.success) throw validationFailed(fieldErrorsFromIssues(parsed.error.issues));
  return parsed.data;
}

/** Splits checked type fields into what the rule stores. */
export function storedTypeFields(fields: AlertRuleTypeFields): StoredTypeFields {
  const dataSourceIds =
    'dataSourceIds' in fields ? fields.dataSourceIds : 'dataSourceId' in fields ? [fields.dataSourceId] : [];
  const settings = Object.fromEntries(
    Object.entries(fields).filter(([key]) => !COMMON_FIELDS.has(key) && !SOURCE_FIELDS.has(key)),
  );
  return { settings, dataSourceIds: [...new Set(idsOf(dataSourceIds))] };
}

/** Data-source ids as the type's schema returned them: a list of ids, by every built-in's schema. */
function idsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Merges the type-specific fields an update sends into the stored ones and checks the result as a
 * create would: a rule is always valid for its type. Fields of other types are dropped (unknown
 * fields are ignored and never stored), and switching `queryType` drops the other mode's fields.
 */
export function mergeTypeFields(
  schema: TypeFieldsSchema,
  type: string,
  stored: StoredTypeFields,
  update: AlertRuleUpdateInput,
): StoredTypeFields {
  const sent = Object.fromEntries(
    Object.entries(update).filter(([key, value]) => !COMMON_FIELDS.has(key) && value !== undefined),
  );
  const candidate = {
    ...stored.settings,
    dataSourceIds: stored.dataSourceIds,
    dataSourceId: stored.dataSourceIds[0],
    ...sent,
    type,
  };
  return storedTypeFields(checkedTypeFields(schema, candidate));
}
