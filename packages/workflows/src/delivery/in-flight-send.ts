import { attemptIdempotencyKey } from './idempotency-key';
import type { DeliveryCommand, DeliveryState } from './types';

/**
 * The send of the attempt in flight, as `decideDelivery` issued it: a driver whose send was
 * deferred (`SendDeferred`: paced, or the vendor's `429`) carries it out again later from the state
 * alone, with the same attempt and idempotency key. Null when no attempt is in flight.
 *
 * @example
 * inFlightSend({ ...state, phase: 'sending', provider: 'direct', attempt: 1 });
 * // { type: 'send', providerConfigId: 'direct', attempt: 1, idempotencyKey: `${state.baseKey}:direct:1` }
 */
export function inFlightSend(state: DeliveryState): Extract<DeliveryCommand, { type: 'send' }> | null {
  if (state.phase !== 'sending') return null;
  return {
    type: 'send',
    providerConfigId: state.provider,
    attempt: state.attempt,
    idempotencyKey: attemptIdempotencyKey(state.baseKey, state.provider, state.attempt),
  };
}
