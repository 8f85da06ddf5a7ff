import type { BehaviorFilter, BehaviorRuleRef, BehaviorRuleView } from '@oncall/core';
import type { Builder } from '../builder';

/**
 * A behavior rule of an alert rule. One type for the three kinds: the fields of the other kinds
 * are null (`filters` for notification; `endpoints` for notification and template; `template`;
 * `dependsOnAlertRules` and `triggerState` for silent).
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
