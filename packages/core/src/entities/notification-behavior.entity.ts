import { defineEntity, p } from '@mikro-orm/core';
import { AlertEvent } from './alert-event.entity';

/**
 * What a behavior rule did to an event's notification to an endpoint: `silenced` (a silent rule held
 * it back), `routed` (a notification rule added the endpoint), `templated` (the message was rendered
 * from a template rule's template) or `template_fallback` (the template failed at send time and the
 * default message went; `error` says why).
 */
export const NOTIFICATION_BEHAVIOR_EFFECTS = [
  'silenced',
  'routed',
  'templated',
  'template_fallback',
] as const;
export type NotificationBehaviorEffect = (typeof NOTIFICATION_BEHAVIOR_EFFECTS)[number];

/**
 * Beside the delivery log's attempts (`delivery_attempts`, by event and endpoint): which behavior
 * rule changed a notification, and how. Written only when one did; goes with its event.
 */
const NotificationBehaviorSchema = defineEntity({
  name: 'NotificationBehavior',
  tableName: 'notification_behaviors',
  properties: {
    alertEvent: () => p.manyToOne(AlertEvent).primary().deleteRule('cascade'),
    endpointId: p.uuid().primary(),
    effect: p.text().primary(),
    behaviorRuleId: p.uuid(),
    error: p.text().nullable(),
    createdAt: p.datetime(),
  },
});

export class NotificationBehavior extends NotificationBehaviorSchema.class {}
NotificationBehaviorSchema.setClass(NotificationBehavior);
