import { assertRetryPolicy, DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy';
import type { DeliveryState, ProviderChain } from './types';

export interface DeliveryInit {
  /** Business key, e.g. `notifyWorkflowId(alertEventId, endpointId, step)`: stable across replays and redeliveries. */
  readonly baseKey: string;
  readonly chain: ProviderChain;
  readonly policy?: RetryPolicy;
}

/**
 * The state a delivery starts from; feed it `{ type: 'started' }` to get the first send.
 *
 * @example
 * const state = initialDeliveryState({ baseKey: 'notify:evt_1:ep_sms', chain: ['cfg_default', 'cfg_backup'] });
 */
export function initialDeliveryState(init: DeliveryInit): DeliveryState {
  const policy = init.policy ?? DEFAULT_RETRY_POLICY;
  assertRetryPolicy(policy);
  const [provider, ...fallbacks] = init.chain;
  return {
    baseKey: init.baseKey,
    policy,
    phase: 'idle',
    provider,
    fallbacks,
    attempt: 0,
    previousDelayMs: policy.baseDelayMs,
    cancelRequested: false,
    outcome: null,
  };
}
