// Deciders: the orchestration logic, pure and driver-neutral.
export { decideAutoResolve } from './autoresolve/decide';
export { initialAutoResolveState } from './autoresolve/initial-state';
export * from './autoresolve/types';
export type { Decision } from './decision';
export { decideDelivery } from './delivery/decide';
export { attemptIdempotencyKey } from './delivery/idempotency-key';
export { type DeliveryInit, initialDeliveryState } from './delivery/initial-state';
export { OTP_RETRY_POLICY, type OtpDeliveryInit, otpDelivery } from './delivery/otp';
export * from './delivery/retry-policy';
export * from './delivery/types';
export { decideFlow } from './flow/decide';
export { initialFlowState } from './flow/initial-state';
export { stepDurationMs } from './flow/step-duration';
export * from './flow/types';
export * from './ids';
export type * from './notification';
export type * from './ports';
export * from './send-error';
// Temporal driver: activities for the worker, signals for the client, workflow types for typed starts.
export * from './temporal/activities';
export * from './temporal/signals';
export type * from './temporal/workflows';
export { workflowsPath } from './temporal/workflows-path';
