import { defineEntity, p } from '@mikro-orm/core';
import { Endpoint, User } from '@oncall/core/persistence';

/**
 * One of a person's notification rules as stored: for pages of one urgency, which of their own
 * endpoints is reached and how many minutes after the page starts. Read and written by plain
 * statements (`notification-rule-rows.ts`); declared so the schema check knows the table.
 */
const NotificationRuleSchema = defineEntity({
  name: 'NotificationRuleRecord',
  tableName: 'notification_rules',
  uniques: [
    {
      name: 'notification_rules_user_urgency_delay_endpoint_unique',
      properties: ['user', 'urgency', 'delayMinutes', 'endpoint'],
    },
  ],
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    urgency: p.text(),
    delayMinutes: p.integer(),
    endpoint: () => p.manyToOne(Endpoint).deleteRule('cascade'),
    createdAt: p.datetime(),
  },
});

export class NotificationRuleRecord extends NotificationRuleSchema.class {}
NotificationRuleSchema.setClass(NotificationRuleRecord);
