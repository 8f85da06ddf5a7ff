import { defineEntity, p } from '@mikro-orm/core';

/**
 * One group window (issue #31): a rule, an endpoint and a group key (one per endpoint for pages),
 * with the grouping decider's state as JSON and when the window must be woken next (`due_at`, null
 * while nothing is pending). Dispatches lock their window's row; the flusher claims due rows with
 * `for update skip locked`, so two processes never decide one window at once. Ids are text without
 * foreign keys: a window of a deleted rule or endpoint flushes into nothing and is removed.
 */
const NotificationGroupSchema = defineEntity({
  name: 'NotificationGroup',
  tableName: 'notification_groups',
  indexes: [{ name: 'notification_groups_due', properties: ['dueAt'] }],
  properties: {
    windowKey: p.text().primary(),
    ruleId: p.text(),
    endpointId: p.text(),
    groupKey: p.text(),
    state: p.json<Record<string, unknown>>(),
    dueAt: p.datetime().nullable(),
    updatedAt: p.datetime(),
  },
});

export class NotificationGroup extends NotificationGroupSchema.class {}
NotificationGroupSchema.setClass(NotificationGroup);
