import type { BehaviorFilter, BehaviorRuleRef, BehaviorRuleView, MaintenanceWindow } from '@oncall/core';
import type { Builder } from '../builder';

/**
 * A behavior rule of an alert rule. One type for the three kinds: the fields of the other kinds
 * are null (`filters` for notification; `endpoints` for notification and template; `template`;
 * `dependsOnAlertRules`, `triggerState` and `maintenance` for silent).
 */
export function behaviorRuleType(builder: Builder) {
  const kind = builder.enumType('BehaviorRuleKind', {
    values: ['notification', 'template', 'silent'] as const,
  });
  const triggerState = builder.enumType('BehaviorTriggerState', {
    values: ['resolved', 'critical'] as const,
  });
  const filter = builder.objectRef<BehaviorFilter>('BehaviorRuleFilter').implement({
    description:
      'A filter of a notification behavior rule: a pattern matched against a label, annotation or instance.',
    fields: (t) => ({ key: t.exposeString('key'), value: t.exposeString('value') }),
  });
  const ref = builder.objectRef<BehaviorRuleRef>('BehaviorRuleRef').implement({
    description: 'An endpoint or alert rule a behavior rule names.',
    fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }),
  });
  const maintenance = builder.objectRef<MaintenanceWindow>('MaintenanceWindow').implement({
    description:
      'When a silent behavior rule holds notifications back: wall-clock times in an IANA time zone, once or every week.',
    fields: (t) => ({
      from: t.exposeString('from', { description: 'Local date-time, `YYYY-MM-DDTHH:MM`.' }),
      to: t.exposeString('to', { description: 'Local date-time, `YYYY-MM-DDTHH:MM`.' }),
      timeZone: t.exposeString('timeZone'),
      weekly: t.boolean({ resolve: (window) => window.weekly ?? false }),
    }),
  });
  return builder.objectRef<BehaviorRuleView>('BehaviorRule').implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      alertRuleId: t.exposeID('alertRuleId'),
      type: t.field({ type: kind, resolve: (rule) => rule.type }),
      name: t.string({ nullable: true, resolve: (rule) => rule.name }),
      filters: t.field({
        type: [filter],
        nullable: true,
        resolve: (rule) => (rule.type === 'notification' ? rule.filters : null),
      }),
      endpoints: t.field({
        type: [ref],
        nullable: true,
        resolve: (rule) => (rule.type === 'silent' ? null : rule.endpoints),
      }),
      template: t.string({
        nullable: true,
        resolve: (rule) => (rule.type === 'template' ? rule.template : null),
      }),
      dependsOnAlertRules: t.field({
        type: [ref],
        nullable: true,
        resolve: (rule) => (rule.type === 'silent' ? rule.dependsOnAlertRules : null),
      }),
      triggerState: t.field({
        type: triggerState,
        nullable: true,
        resolve: (rule) => (rule.type === 'silent' ? rule.triggerState : null),
      }),
      maintenance: t.field({
        type: maintenance,
        nullable: true,
        resolve: (rule) => (rule.type === 'silent' ? rule.maintenance : null),
      }),
      createdAt: t.string({
        description: 'ISO 8601 timestamp.',
        resolve: (rule) => rule.createdAt,
      }),
      updatedAt: t.string({
        description: 'ISO 8601 timestamp.',
        resolve: (rule) => rule.updatedAt,
      }),
    }),
  });
}
