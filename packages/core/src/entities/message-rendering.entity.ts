import { defineEntity, p } from '@mikro-orm/core';
import { AlertEvent } from './alert-event.entity';

/** How a message was made when a template behavior rule applied: `templated`, or `fallback` with the template's error. */
export const MESSAGE_RENDERING_OUTCOMES = ['templated', 'fallback'] as const;

/**
 * Beside the delivery log's attempts (`delivery_attempts`, by event and endpoint): how the message
 * of an event to an endpoint was made when a template behavior rule applied, written at the first
 * send. Events keep theirs: a rendering goes with its event.
 */
const MessageRenderingSchema = defineEntity({
  name: 'MessageRendering',
  tableName: 'message_renderings',
  properties: {
    alertEvent: () => p.manyToOne(AlertEvent).primary().deleteRule('cascade'),
    endpointId: p.uuid().primary(),
    behaviorRuleId: p.uuid(),
    outcome: p.text(),
    error: p.text().nullable(),
    createdAt: p.datetime(),
  },
});

export class MessageRendering extends MessageRenderingSchema.class {}
MessageRenderingSchema.setClass(MessageRendering);
