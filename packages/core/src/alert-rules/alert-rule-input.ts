import {
  type AlertRuleCreateInput,
  type AlertRuleTypeFields,
  type AlertRuleUpdateInput,
  alertRuleTypeFields,
  fieldErrorsFromIssues,
} from '@oncall/contracts';
import type { AlertRuleType } from '../entities/alert-rule.entity';
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
]);

/** Data sources are a relation, not part of the stored type fields. */
const SOURCE_FIELDS: ReadonlySet<string> = new Set(['dataSourceIds', 'dataSourceId']);

/** The type-specific part of a rule as it is stored: JSON `settings` plus the data-source relation. */
export interface StoredTypeFields {
  settings: Record<string, unknown>;
  dataSourceIds: string[];
}

/** Splits a parsed create body (or merged type fields) into what the rule stores. */
export function storedTypeFields(fields: AlertRuleCreateInput | AlertRuleTypeFields): StoredTypeFields {
  const dataSourceIds =
    'dataSourceIds' in fields ? fields.dataSourceIds : 'dataSourceId' in fields ? [fields.dataSourceId] : [];
  const settings = Object.fromEntries(
    Object.entries(fields).filter(([key]) => !COMMON_FIELDS.has(key) && !SOURCE_FIELDS.has(key)),
  );
  return { settings, dataSourceIds: [...new Set(dataSourceIds)] };
}

/**
 * Merges the type-specific fields an update sends into the stored ones and checks the result as a
 * create would: a rule is always valid for its type. Fields of other types are dropped (unknown
 * fields are ignored and never stored), and switching `queryType` drops the other mode's fields.
 */
export function mergeTypeFields(
  type: AlertRuleType,
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
  const parsed = alertRuleTypeFields.safeParse(candidate);
  if (!parsed.success) throw validationFailed(fieldErrorsFromIssues(parsed.error.issues));
  return storedTypeFields(parsed.data);
}
