import { defineEntity, p } from '@mikro-orm/core';
import { AlertRule } from './alert-rule.entity';
import { User } from './user.entity';

/**
 * A user an alert rule is shared with. Declared (rather than left to the
 * many-to-many) for the index on `user_id`: it serves "the rules shared with me" and the cascade when a
 * user is deleted.
 */
const AlertRuleShareSchema = defineEntity({
  name: 'AlertRuleShare',
  tableName: 'alert_rule_users',
  properties: {
    alertRule: () => p.manyToOne(AlertRule).primary().deleteRule('cascade').updateRule('cascade'),
    user: () => p.manyToOne(User).primary().deleteRule('cascade').updateRule('cascade').index(),
  },
});

export class AlertRuleShare extends AlertRuleShareSchema.class {}
AlertRuleShareSchema.setClass(AlertRuleShare);

export { AlertRuleShareSchema };
