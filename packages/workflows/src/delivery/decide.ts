import type { Decision } from '../decision';
import { attemptIdempotencyKey } from './idempotency-key';
import { backoffDelayMs } from './retry-policy';
import type {
  DeliveryAttemptRecord,
  DeliveryCommand,
  DeliveryEvent,
  DeliveryOutcome,
  DeliveryState,
} from './types';

type DeliveryDecision = Decision<DeliveryState, DeliveryCommand>;
type AttemptFailed = Extract<DeliveryEvent, { type: 'attemptFailed' }>;
type AttemptResult = Pick<DeliveryAttemptRecord, 'outcome' | 'error' | 'retryAfterMs' | 'latencyMs'>;

/**
 * Delivers one message through the provider chain: retries transient and rate-limited failures on
 * the same provider with jittered exponential backoff (never sooner than Retry-After), moves to the
 * next provider after a permanent failure, `maxAttemptsPerProvider` failures or a Retry-After longer
 * than `maxRetryAfterMs` (on the last provider such a wait is shortened to the cap), and fails after
 * the last provider. Events that do not fit the current phase (duplicates, stale timers, anything after
 * finish) change nothing.
 *
 * @example
 * let { state, commands } = decideDelivery(initialDeliveryState({ baseKey: 'k', chain: ['a', 'b'] }), { type: 'started' });
 * // commands: [{ type: 'send', providerConfigId: 'a', attempt: 1, idempotencyKey: 'k:a:1' }]
 * ({ state, commands } = decideDelivery(state, {
 *   type: 'attemptFailed', idempotencyKey: 'k:a:1', kind: 'permanent', message: 'invalid number', jitter: 0.3,
 * }));
 * // commands: [{ type: 'record', ... }, { type: 'send', providerConfigId: 'b', attempt: 1, idempotencyKey: 'k:b:1' }]
 */
export function decideDelivery(state: DeliveryState, event: DeliveryEvent): DeliveryDecision {
  if (state.phase === 'finished') return unchanged(state);
  switch (event.type) {
    case 'started':
      return state.phase === 'idle' ? send({ ...state, attempt: 1 }, []) : unchanged(state);
    case 'attemptSucceeded':
      if (!isInFlight(state, event.idempotencyKey)) return unchanged(state);
      return finish(state, 'delivered', [
        recordOf(state, {
          outcome: 'delivered',
          error: null,
          retryAfterMs: null,
          latencyMs: event.latencyMs ?? null,
        }),
      ]);
    case 'attemptFailed':
      return isInFlight(state, event.idempotencyKey) ? afterFailure(state, event) : unchanged(state);
    case 'timerFired':
      if (state.phase !== 'waiting' || event.timerId !== keyOf(state, state.attempt + 1))
        return unchanged(state);
      return send({ ...state, attempt: state.attempt + 1 }, []);
    case 'cancelled':
      // An attempt in flight may still succeed; wait for its result so the delivery log stays true.
      if (state.phase === 'sending') return { state: { ...state, cancelRequested: true }, commands: [] };
      return finish(state, 'cancelled', []);
  }
}

function afterFailure(state: DeliveryState, event: AttemptFailed): DeliveryDecision {
  const record = recordOf(state, {
    outcome: event.kind,
    error: event.message,
    retryAfterMs: event.retryAfterMs ?? null,
    latencyMs: event.latencyMs ?? null,
  });
  if (state.cancelRequested) return finish(state, 'cancelled', [record]);
  const cap = state.policy.maxRetryAfterMs ?? Number.POSITIVE_INFINITY;
  const retryAfterMs = event.retryAfterMs ?? 0;
  // A page must not sit out a long Retry-After (a spent daily quota) while a backup could send it.
  const waitTooLong = retryAfterMs > cap && state.fallbacks.length > 0;
  // A permanent error (bad number, rejected credentials) fails the same way on every retry.
  const retryHere =
    event.kind !== 'permanent' && !waitTooLong && state.attempt < state.policy.maxAttemptsPerProvider;
  if (retryHere) {
    const backoff = backoffDelayMs(state.policy, state.attempt, state.previousDelayMs, event.jitter);
    const ms = Math.max(backoff, Math.min(retryAfterMs, cap));
    return {
      state: { ...state, phase: 'waiting', previousDelayMs: ms },
      commands: [record, { type: 'wait', ms, timerId: keyOf(state, state.attempt + 1) }],
    };
  }
  const [next, ...rest] = state.fallbacks;
  if (next === undefined) return finish(state, 'failed', [record]);
  // Backoff starts over: the backup provider has not been hammered yet.
  return send(
    { ...state, provider: next, fallbacks: rest, attempt: 1, previousDelayMs: state.policy.baseDelayMs },
    [record],
  );
}

function send(state: DeliveryState, before: DeliveryCommand[]): DeliveryDecision {
  return {
    state: { ...state, phase: 'sending' },
    commands: [
      ...before,
      {
        type: 'send',
        providerConfigId: state.provider,
        attempt: state.attempt,
        idempotencyKey: keyOf(state, state.attempt),
      },
    ],
  };
}

function finish(state: DeliveryState, outcome: DeliveryOutcome, before: DeliveryCommand[]): DeliveryDecision {
  return {
    state: { ...state, phase: 'finished', outcome },
    commands: [...before, { type: 'finish', outcome }],
  };
}

function unchanged(state: DeliveryState): DeliveryDecision {
  return { state, commands: [] };
}

function isInFlight(state: DeliveryState, idempotencyKey: string): boolean {
  return state.phase === 'sending' && idempotencyKey === keyOf(state, state.attempt);
}

function recordOf(state: DeliveryState, result: AttemptResult): DeliveryCommand {
  return {
    type: 'record',
    record: {
      providerConfigId: state.provider,
      attempt: state.attempt,
      idempotencyKey: keyOf(state, state.attempt),
      ...result,
    },
  };
}

function keyOf(state: DeliveryState, attempt: number): string {
  return attemptIdempotencyKey(state.baseKey, state.provider, attempt);
}
