import type { RouterOutputs as Outputs } from '../trpc/router-types';
import { type GroupingDraft, groupingBody, groupingDraftOf } from './rule-grouping';
import { type ScheduleTargetDraft, scheduleTargetDrafts, scheduleTargetsBody } from './rule-schedule-targets';

export type RuleTypeForm = Outputs['alertRules']['typeForms'][number];
export type RuleFormField = RuleTypeForm['fields'][number];
export type StoredRule = Outputs['alertRules']['get'];

export interface KeyValue {
  key: string;
  value: string;
}

/** A type field as the form edits it: JSON as text, a number as '' while empty. */
export type FieldValue = boolean | number | string | string[] | KeyValue[];

/** What the rule form holds between keystrokes. */
export interface RuleDraft {
  type: string;
  queryType?: string;
  name: string;
  description: string;
  showAcknowledgeBtn: boolean;
  tags: string[];
  userIds: string[];
  teamIds: string[];
  endpointIds: string[];
  /** Schedules the rule pages directly, without a flow. */
  scheduleTargets: ScheduleTargetDraft[];
  grouping: GroupingDraft;
  fields: Record<string, FieldValue>;
}

/** The form for a type (and query type, for types that have several). */
export function formFor(forms: readonly RuleTypeForm[], type: string, queryType?: string) {
  const ofType = forms.filter((form) => form.type === type);
  return ofType.find((form) => form.queryType === queryType) ?? ofType[0];
}

const isKeyValues = (value: unknown): value is KeyValue[] =>
  Array.isArray(value) &&
  value.every((item) => typeof item === 'object' && item !== null && 'key' in item && 'value' in item);

/** A field's editor value from what is stored (or its default, or empty). */
export function fieldValue(field: RuleFormField, stored: unknown): FieldValue {
  const value = stored ?? field.default;
  switch (field.kind) {
    case 'boolean':
      return value === true;
    case 'integer':
      return typeof value === 'number' ? value : '';
    case 'text':
    case 'longText':
    case 'choice':
      return typeof value === 'string' ? value : '';
    case 'textList':
    case 'choiceList':
      return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
    case 'keyValueList':
      return isKeyValues(value)
        ? value.map(({ key, value: v }) => ({ key: String(key), value: String(v) }))
        : [];
    case 'json':
      return value == null ? '' : JSON.stringify(value, null, 2);
  }
}

/** A new rule's draft of a form, or a stored rule's. */
export function draftOf(form: RuleTypeForm, rule?: StoredRule): RuleDraft {
  const stored: Record<string, unknown> = rule ?? {};
  return {
    type: form.type,
    ...(form.queryType ? { queryType: form.queryType } : {}),
    name: rule?.name ?? '',
    description: rule?.description ?? '',
    showAcknowledgeBtn: rule?.showAcknowledgeBtn ?? false,
    tags: rule?.tags ?? [],
    userIds: rule?.userIds ?? [],
    teamIds: rule?.teamIds ?? [],
    endpointIds: rule?.endpointIds ?? [],
    scheduleTargets: scheduleTargetDrafts(rule?.scheduleTargets),
    grouping: groupingDraftOf(rule),
    fields: Object.fromEntries(
      form.fields.map((field) => [field.name, fieldValue(field, stored[field.name])]),
    ),
  };
}

/** Another type's draft keeps what the two have in common. */
export function switchForm(draft: RuleDraft, form: RuleTypeForm): RuleDraft {
  const fresh = draftOf(form);
  const fields = { ...fresh.fields };
  for (const field of form.fields) {
    const kept = draft.fields[field.name];
    if (kept !== undefined && typeof kept === typeof fresh.fields[field.name]) fields[field.name] = kept;
  }
  return { ...draft, type: form.type, queryType: form.queryType, fields };
}

export type DraftResult =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; errors: Record<string, string> };

/** A field's value as the procedure takes it; `undefined` leaves it out (the server's default). */
function sent(field: RuleFormField, value: FieldValue | undefined): unknown {
  if (value === undefined) return undefined;
  if (field.kind === 'json') {
    if (typeof value !== 'string' || value.trim() === '') return field.required ? undefined : null;
    return JSON.parse(value);
  }
  if (field.kind === 'integer' && value === '') return field.required ? undefined : null;
  if ((field.kind === 'text' || field.kind === 'longText' || field.kind === 'choice') && value === '') {
    return field.required ? undefined : null;
  }
  if (field.kind === 'keyValueList' && Array.isArray(value)) {
    return (value as KeyValue[]).filter((pair) => pair.key.trim() !== '');
  }
  return value;
}

/**
 * The create (or update) body of a draft, or the fields the browser can already say are wrong
 * (JSON that does not parse, a schedule row with no schedule picked); everything else the server
 * checks, its 422 shown at each field.
 */
export function draftBody(draft: RuleDraft, form: RuleTypeForm): DraftResult {
  const errors: Record<string, string> = {};
  const typeFields: Record<string, unknown> = {};
  for (const field of form.fields) {
    try {
      const value = sent(field, draft.fields[field.name]);
      if (value !== undefined) typeFields[field.name] = value;
    } catch {
      errors[field.name] = 'This is not valid JSON.';
    }
  }
  const targets = scheduleTargetsBody(draft.scheduleTargets);
  if (!targets.ok) Object.assign(errors, targets.errors);
  if (Object.keys(errors).length > 0 || !targets.ok) return { ok: false, errors };
  return {
    ok: true,
    body: {
      type: draft.type,
      ...(draft.queryType ? { queryType: draft.queryType } : {}),
      name: draft.name,
      description: draft.description.trim() === '' ? null : draft.description,
      showAcknowledgeBtn: draft.showAcknowledgeBtn,
      tags: draft.tags,
      userIds: draft.userIds,
      teamIds: draft.teamIds,
      endpointIds: draft.endpointIds,
      scheduleTargets: targets.scheduleTargets,
      ...groupingBody(draft.grouping),
      ...typeFields,
    },
  };
}

/** "dataSourceAlertName" → "Data source alert name"; "dataSourceIds" → "Data sources". */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    // "data source ids" picks data sources: say what is picked, not how it is stored.
    .replace(/ ids$/, 's')
    .replace(/ id$/, '');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
