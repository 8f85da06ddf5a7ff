import { defineEntity, p } from '@mikro-orm/core';
import { AlertRule } from './alert-rule.entity';
import { User } from './user.entity';

/**
 * A user who silenced an alert rule for itself. Declared (rather than left to the
 * many-to-many) for the index on `user_id`: it serves "the rules I silenced" and the cascade when a
 * user is deleted.
 */
const AlertRuleSilenceSchema = defineEntity({
  name: 'AlertRuleSilence',
  tableName: 'alert_rule_silences',
  properties: {
    alertRule: () => p.manyToOne(AlertRule).primary().deleteRule('cascade').updateRule('cascade'),
    user: () => p.manyToOne(User).primary().deleteRule('cascade').updateRule('cascade').index(),
  },
});

export class AlertRuleSilence extends AlertRuleSilenceSchema.class {}
AlertRuleSilenceSchema.setClass(AlertRuleSilence);

export { AlertRuleSilenceSchema };
