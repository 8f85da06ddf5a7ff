import { defineEntity, p } from '@mikro-orm/core';
import { AlertRule } from './alert-rule.entity';
import { AlertRuleBehaviorRule } from './alert-rule-behavior-rule.entity';

/**
 * An alert rule a silent behavior rule depends on. The index on `depends_on_rule_id` answers
 * "which rules does this rule silence" and serves the cascade when that rule is deleted.
 */
const AlertRuleBehaviorDependencySchema = defineEntity({
  name: 'AlertRuleBehaviorDependency',
  tableName: 'alert_rule_behavior_dependencies',
  properties: {
    behaviorRule: () =>
      p.manyToOne(AlertRuleBehaviorRule).primary().deleteRule('cascade').updateRule('cascade'),
    dependsOnRule: () => p.manyToOne(AlertRule).primary().deleteRule('cascade').updateRule('cascade').index(),
  },
});

export class AlertRuleBehaviorDependency extends AlertRuleBehaviorDependencySchema.class {}
AlertRuleBehaviorDependencySchema.setClass(AlertRuleBehaviorDependency);

export { AlertRuleBehaviorDependencySchema };
