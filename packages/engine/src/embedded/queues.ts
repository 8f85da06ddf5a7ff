/**
 * The pg-boss queues of the engine. `dispatch` routes a request (notify an endpoint, send an OTP)
 * and runs its first step; `delivery` and `flow` carry decider state between steps (backoff
 * timers, flow waits); `escalation-stop` holds one marker per stopped alert event; `autoresolve`
 * holds the auto-resolve timers of firing instances. The `temporal-*` queues are the Temporal
 * driver's outbox.
 */
export const QUEUES = {
  dispatch: 'oncall-dispatch',
  delivery: 'oncall-delivery',
  flow: 'oncall-flow',
  escalationStop: 'oncall-escalation-stop',
  autoResolve: 'oncall-autoresolve',
  temporalOutbox: 'oncall-temporal-outbox',
  temporalAutoResolve: 'oncall-temporal-autoresolve',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
