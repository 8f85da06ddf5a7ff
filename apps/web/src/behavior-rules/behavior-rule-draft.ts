import type { RouterInputs, RouterOutputs } from '../trpc/router-types';

export type BehaviorRuleRow = RouterOutputs['behaviorRules']['list']['rules'][number];
export type BehaviorRuleKind = BehaviorRuleRow['type'];
type CreateInput = RouterInputs['behaviorRules']['create'];
/** A create body without the alert rule's id, kind by kind. */
export type BehaviorRuleBody = CreateInput extends infer Kind
  ? Kind extends { alertRuleId: string }
    ? Omit<Kind, 'alertRuleId'>
    : never
  : never;

export interface MaintenanceDraft {
  from: string;
  to: string;
  timeZone: string;
  weekly: boolean;
}

/** Every kind's fields at once, so switching the kind in a new rule's form keeps what was typed. */
export interface BehaviorRuleDraft {
  type: BehaviorRuleKind;
  name: string;
  filters: Array<{ key: string; value: string }>;
  endpointIds: string[];
  template: string;
  dependsOnAlertRuleIds: string[];
  triggerState: 'resolved' | 'critical';
  /** Null: no maintenance window. */
  maintenance: MaintenanceDraft | null;
}

export const KIND_LABELS: Record<BehaviorRuleKind, string> = {
  notification: 'Notify more endpoints (filters)',
  template: 'Message template',
  silent: 'Silence (dependencies, maintenance window)',
};

export const SAMPLE_TEMPLATE =
  '{{ state_line }} {{ rule.name }} on {{ instance }}\n{{ summary | default: description }}';

/** The user's own time zone, the default of a new maintenance window. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A maintenance window starting at the next full hour, two hours long, in the browser's zone, as a
 * `datetime-local` input writes it (`2026-11-28T22:00`).
 */
export function defaultMaintenance(now: Date, timeZone = browserTimeZone()): MaintenanceDraft {
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = (at: Date) =>
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const from = new Date(now);
  from.setMinutes(0, 0, 0);
  from.setHours(from.getHours() + 1);
  const to = new Date(from.getTime() + 2 * 3_600_000);
  return { from: local(from), to: local(to), timeZone, weekly: false };
}

export function draftOf(rule: BehaviorRuleRow | null): BehaviorRuleDraft {
  const draft: BehaviorRuleDraft = {
    type: rule?.type ?? 'notification',
    name: rule?.name ?? '',
    filters: [{ key: 'instance', value: '*' }],
    endpointIds: [],
    template: SAMPLE_TEMPLATE,
    dependsOnAlertRuleIds: [],
    triggerState: 'critical',
    maintenance: null,
  };
  if (!rule) return draft;
  switch (rule.type) {
    case 'notification':
      return {
        ...draft,
        filters: rule.filters.map(({ key, value }) => ({ key, value })),
        endpointIds: rule.endpointIds,
      };
    case 'template':
      return { ...draft, endpointIds: rule.endpointIds, template: rule.template };
    case 'silent':
      return {
        ...draft,
        dependsOnAlertRuleIds: rule.dependsOnAlertRuleIds,
        triggerState: rule.triggerState,
        maintenance: rule.maintenance
          ? {
              from: rule.maintenance.from,
              to: rule.maintenance.to,
              timeZone: rule.maintenance.timeZone,
              weekly: rule.maintenance.weekly ?? false,
            }
          : null,
      };
  }
}

/** The body of a draft (besides the alert rule's id): the chosen kind's fields only. */
export function bodyOf(draft: BehaviorRuleDraft): BehaviorRuleBody {
  const name = draft.name.trim() === '' ? null : draft.name;
  switch (draft.type) {
    case 'notification':
      return { type: 'notification', name, filters: draft.filters, endpointIds: draft.endpointIds };
    case 'template':
      return { type: 'template', name, endpointIds: draft.endpointIds, template: draft.template };
    case 'silent':
      return {
        type: 'silent',
        name,
        dependsOnAlertRuleIds: draft.dependsOnAlertRuleIds,
        triggerState: draft.triggerState,
        maintenance: draft.maintenance ? { ...draft.maintenance, weekly: draft.maintenance.weekly } : null,
      };
  }
}

/** What a rule does, in a line for its card. */
export function summaryOf(rule: BehaviorRuleRow): string {
  const names = (refs: readonly { name: string }[]) => refs.map((ref) => ref.name).join(', ');
  switch (rule.type) {
    case 'notification':
      return `When ${rule.filters.map((filter) => `${filter.key} is ${filter.value}`).join(' and ')}, also page ${names(rule.endpoints)}.`;
    case 'template':
      return `Messages to ${names(rule.endpoints)} are written from a template.`;
    case 'silent': {
      const parts: string[] = [];
      if (rule.dependsOnAlertRules.length > 0) {
        parts.push(
          `while ${names(rule.dependsOnAlertRules)} ${rule.dependsOnAlertRules.length > 1 ? 'are' : 'is'} ${rule.triggerState}`,
        );
      }
      if (rule.maintenance) {
        const { from, to, timeZone, weekly } = rule.maintenance;
        parts.push(
          `${weekly ? 'every week ' : ''}from ${from.replace('T', ' ')} to ${to.replace('T', ' ')} (${timeZone})`,
        );
      }
      return `Nobody is notified ${parts.join(', or ')}.`;
    }
  }
}
