import { defineEntity, p } from '@mikro-orm/core';
import { AlertRule } from './alert-rule.entity';
import { newId } from './new-id';

/**
 * Behavior a rule adds to its deliveries: extra endpoints when filters match (`notification`), a
 * message template for some endpoints (`template`), or silence while other rules are in a state
 * (`silent`). `kind` is checked in code (the contracts' `BEHAVIOR_RULE_KINDS`); `settings` holds the
 * kind's own scalar fields (`filters`, `template`, `triggerState`). The endpoints and depended-on
 * rules are link tables, so deleting an endpoint or a rule takes it out of every behavior rule.
 * Rules of one alert rule are listed oldest first (ids are time-ordered).
 */
const AlertRuleBehaviorRuleSchema = defineEntity({
  name: 'AlertRuleBehaviorRule',
  tableName: 'alert_rule_behavior_rules',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    alertRule: () => p.manyToOne(AlertRule).deleteRule('cascade').updateRule('cascade').index(),
    kind: p.text(),
    name: p.string().length(255).nullable(),
    settings: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class AlertRuleBehaviorRule extends AlertRuleBehaviorRuleSchema.class {}
AlertRuleBehaviorRuleSchema.setClass(AlertRuleBehaviorRule);

export { AlertRuleBehaviorRuleSchema };
