/**
 * The pg-boss queues of the engine. `dispatch` routes a request (notify an endpoint, send an OTP)
 * and runs its first step; `delivery` and `flow` carry decider state between steps (backoff
 * timers, flow waits); `escalation-stop` holds one marker per stopped alert event.
 */
export const QUEUES = {
  dispatch: 'oncall-dispatch',
  delivery: 'oncall-delivery',
  flow: 'oncall-flow',
  escalationStop: 'oncall-escalation-stop',
  temporalOutbox: 'oncall-temporal-outbox',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
