import { firingInstanceSchema } from '@oncall/contracts';
import type { FiringInstance } from '@oncall/core';
import type { LegacyView } from '@oncall/plugin-sdk';
import { z } from 'zod';
import { alertStateOf, legacyAlertRecord, type RuleRef, viewFields } from './legacy-alert-record';

/** One element of `triggered/{id}` on REST: a firing instance as the original web UI lists it. */
export const legacyFiringAlertSchema = z
  .looseObject({
    ...firingInstanceSchema.shape,
    alertRuleId: z.string(),
    alertRuleName: z.string(),
    name: z.string().nullable().describe('The alert name, as `alertname`.'),
    status: z.string().describe('The instance state (`critical`, `warning`), as `state`.'),
    createdAt: z.string().describe('When it fired, as `firedAt`.'),
    updatedAt: z.string().describe('When it was last seen, as `lastSeenAt`.'),
  })
  .describe(
    "Each element adds the fields the legacy web UI's fired-alerts table reads for the rule's type, " +
      "made by the type's source plugin (`legacyView`; docs/plugins.md).",
  );

/**
 * An alert firing now as the original web UI's fired-alerts table reads it: the instance, under
 * the names its API table reads too (`name`, `status`, `createdAt`, `updatedAt`), with the rule,
 * then what the rule type's source plugin adds (its `legacyView.firingItem`).
 */
export function firingAlertForType(rule: RuleRef, instance: FiringInstance, view: LegacyView | undefined) {
  const item = {
    ...instance,
    alertRuleId: rule.id,
    alertRuleName: rule.name,
    name: instance.alertname,
    status: instance.state as string,
    createdAt: instance.firedAt,
    updatedAt: instance.lastSeenAt,
  };
  const firingItem = view?.firingItem?.bind(view);
  if (!firingItem) return item;
  const record = legacyAlertRecord(rule, instance, alertStateOf(instance.state), instance.firedAt);
  return { ...item, ...viewFields(() => firingItem(record)) };
}
