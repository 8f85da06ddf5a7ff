import { type BehaviorRuleKind, behaviorRuleKindSchemas, fieldErrorsFromIssues } from '@oncall/contracts';
import { type FieldErrors, validationFailed } from '../errors/domain-error';
import { checkFilterPattern } from './behavior-filter-pattern';
import type { BehaviorFilter } from './behavior-filters';
import { isTimeZone, type MaintenanceWindow, wallClockMs } from './maintenance-window';

/** What a template checker says of a template's text; `line` is 1-based. */
export type TemplateCheckResult = { ok: true } | { ok: false; message: string; line: number };

/** Checks a template's syntax; injected by whoever renders templates. */
export type TemplateChecker = (text: string) => TemplateCheckResult;

/** A behavior rule's fields once checked, split into what is stored where. */
export interface CheckedBehaviorRule {
  kind: BehaviorRuleKind;
  name: string | null;
  /** The kind's scalar fields (`filters`, `template`, `triggerState`), stored as JSON. */
  settings: Record<string, unknown>;
  /** As sent, duplicates included; stored once each. */
  endpointIds: string[];
  dependsOnAlertRuleIds: string[];
}

/**
 * Checks the fields of one kind as create would (`type` is `kind`), then what zod cannot know:
 * each filter pattern parses (`filters.N.value`), and the template passes the injected checker
 * (`template`). Unknown and other kinds' fields are dropped. Id lists stay as sent, so checks of
 * their entries report the index the caller sent.
 */
export function checkBehaviorRule(
  kind: BehaviorRuleKind,
  fields: Record<string, unknown>,
  checkTemplate: TemplateChecker,
): CheckedBehaviorRule {
  const parsed = behaviorRuleKindSchemas[kind].safeParse({ ...fields, type: kind });
  if (!parsed.success) throw validationFailed(fieldErrorsFromIssues(parsed.error.issues));
  const body = parsed.data;
  const errors: FieldErrors = {
    ...(body.type === 'notification' ? patternErrors(body.filters) : {}),
    ...(body.type === 'template' ? templateErrors(body.template, checkTemplate) : {}),
    ...(body.type === 'silent' ? silenceErrors(body.dependsOnAlertRuleIds, body.maintenance ?? null) : {}),
  };
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const stored = { kind, name: body.name, endpointIds: [], dependsOnAlertRuleIds: [] };
  switch (body.type) {
    case 'notification':
      return { ...stored, settings: { filters: body.filters }, endpointIds: body.endpointIds };
    case 'template':
      return { ...stored, settings: { template: body.template }, endpointIds: body.endpointIds };
    case 'silent':
      return {
        ...stored,
        settings: {
          triggerState: body.triggerState,
          ...(body.maintenance ? { maintenance: body.maintenance } : {}),
        },
        dependsOnAlertRuleIds: body.dependsOnAlertRuleIds,
      };
  }
}

function patternErrors(filters: readonly BehaviorFilter[]): FieldErrors {
  return Object.fromEntries(
    filters.flatMap((filter, index) => {
      const checked = checkFilterPattern(filter.value);
      return checked.ok ? [] : [[`filters.${index}.value`, [`The pattern is invalid: ${checked.message}`]]];
    }),
  );
}

const WEEK_MS = 7 * 86_400_000;

/** A silent rule silences by dependencies, a maintenance window, or both; a window must make sense. */
function silenceErrors(dependsOn: readonly string[], window: MaintenanceWindow | null): FieldErrors {
  if (window === null) {
    return dependsOn.length === 0
      ? { dependsOnAlertRuleIds: ['Select at least one alert rule, or give a maintenance window.'] }
      : {};
  }
  const errors: FieldErrors = {};
  const from = wallClockMs(window.from);
  const to = wallClockMs(window.to);
  if (from === undefined) errors['maintenance.from'] = ['The from is not a date and time that exists.'];
  if (to === undefined) errors['maintenance.to'] = ['The to is not a date and time that exists.'];
  if (from !== undefined && to !== undefined) {
    if (to <= from) errors['maintenance.to'] = ['The to must be after the from.'];
    else if (window.weekly && to - from >= WEEK_MS) {
      errors['maintenance.to'] = ['A weekly window must be shorter than a week.'];
    }
  }
  if (!isTimeZone(window.timeZone))
    errors['maintenance.timeZone'] = ['The time zone is not one this server knows.'];
  return errors;
}

function templateErrors(template: string, checkTemplate: TemplateChecker): FieldErrors {
  const checked = checkTemplate(template);
  return checked.ok ? {} : { template: [`Line ${checked.line}: ${checked.message}`] };
}
