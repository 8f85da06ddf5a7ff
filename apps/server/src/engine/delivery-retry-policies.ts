import type { AppConfig } from '@oncall/config';
import { DEFAULT_RETRY_POLICIES, type RetryPolicies } from '@oncall/engine';

/**
 * The engine's retry policies with the configured Retry-After cap on pages (alerts, flow steps,
 * test notifications). OTP keeps its own shorter cap: someone is watching the screen for the code.
 */
export function deliveryRetryPolicies(delivery: AppConfig['delivery']): RetryPolicies {
  return {
    ...DEFAULT_RETRY_POLICIES,
    alert: { ...DEFAULT_RETRY_POLICIES.alert, maxRetryAfterMs: delivery.maxRetryAfterSeconds * 1000 },
  };
}
