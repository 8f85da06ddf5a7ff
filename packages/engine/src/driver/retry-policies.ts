import { DEFAULT_RETRY_POLICY, OTP_RETRY_POLICY, type RetryPolicy } from '@oncall/workflows';

/** Retry policies per kind of delivery: alert pages, and OTP codes someone is waiting for on screen. */
export interface RetryPolicies {
  readonly alert: RetryPolicy;
  readonly otp: RetryPolicy;
}

export const DEFAULT_RETRY_POLICIES: RetryPolicies = { alert: DEFAULT_RETRY_POLICY, otp: OTP_RETRY_POLICY };
