// Deciders: the orchestration logic, pure and driver-neutral.
export { decideAutoResolve } from './autoresolve/decide';
export { initialAutoResolveState } from './autoresolve/initial-state';
export * from './autoresolve/types';
export type { Decision } from './decision';
export { decideDelivery } from './delivery/decide';
export { attemptIdempotencyKey } from './delivery/idempotency-key';
export { inFlightSend } from './delivery/in-flight-send';
export { type DeliveryInit, initialDeliveryState } from './delivery/initial-state';
export * from './delivery/lane';
export * from './delivery/lane-slots';
export { OTP_RETRY_POLICY, type OtpDeliveryInit, otpDelivery } from './delivery/otp';
export * from './delivery/retry-policy';
export * from './delivery/types';
export { decideDispatch } from './dispatch/decide';
export { readDispatchFacts } from './dispatch/read-facts';
export {
  type DelayedPage,
  type PeopleStepRequest,
  type PeopleStepRoute,
  routePeopleStep,
} from './dispatch/route-people-step';
export type * from './dispatch/types';
export { unconfiguredError } from './dispatch/unconfigured-error';
export { decideFlow } from './flow/decide';
export { initialFlowState } from './flow/initial-state';
export { stepDurationMs } from './flow/step-duration';
export * from './flow/types';
export { decideGroup, nextDueAt } from './grouping/decide';
export { groupKeyOf, groupWindowKey } from './grouping/group-key';
export { initialGroupState } from './grouping/initial-state';
export type * from './grouping/types';
export * from './ids';
export type * from './notification';
export type * from './ports';
export * from './send-error';
// Temporal driver: activities for the worker, signals for the client, workflow types for typed starts.
export * from './temporal/activities';
export { laneTaskQueue, laneTaskQueues } from './temporal/lane-task-queues';
export * from './temporal/signals';
export type * from './temporal/workflows';
export { workflowsPath } from './temporal/workflows-path';
