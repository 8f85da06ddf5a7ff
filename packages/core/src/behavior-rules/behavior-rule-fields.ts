import { type BehaviorRuleKind, behaviorRuleKindSchemas, fieldErrorsFromIssues } from '@oncall/contracts';
import { type FieldErrors, validationFailed } from '../errors/domain-error';
import { checkFilterPattern } from './behavior-filter-pattern';
import type { BehaviorFilter } from './behavior-filters';

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
        settings: { triggerState: body.triggerState },
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

function templateErrors(template: string, checkTemplate: TemplateChecker): FieldErrors {
  const checked = checkTemplate(template);
  return checked.ok ? {} : { template: [`Line ${checked.line}: ${checked.message}`] };
}
