import type { DeliveryLane } from '../ports/delivery-lane';

/**
 * The pg-boss queues of the engine. `dispatch` routes a request (notify an endpoint, send an OTP)
 * and runs the first step of a page (sms, call, OTP) or a flow; the email and chat lanes' first
 * steps go on to their own delivery queues. `delivery` (pages), `delivery-email` and
 * `delivery-chat` carry decider state between steps (backoff timers, flow steps), each with
 * workers of its own; `flow` resumes flows after a wait; `escalation-stop` holds one marker per
 * stopped alert event; `autoresolve` holds the auto-resolve timers of firing instances. The
 * `temporal-*` queues are the Temporal driver's outbox.
 */
export const QUEUES = {
  dispatch: 'oncall-dispatch',
  delivery: 'oncall-delivery',
  emailDelivery: 'oncall-delivery-email',
  chatDelivery: 'oncall-delivery-chat',
  flow: 'oncall-flow',
  escalationStop: 'oncall-escalation-stop',
  autoResolve: 'oncall-autoresolve',
  temporalOutbox: 'oncall-temporal-outbox',
  temporalAutoResolve: 'oncall-temporal-autoresolve',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** The delivery queue of each lane. */
export const LANE_QUEUES: Readonly<Record<DeliveryLane, QueueName>> = {
  page: QUEUES.delivery,
  email: QUEUES.emailDelivery,
  chat: QUEUES.chatDelivery,
};
