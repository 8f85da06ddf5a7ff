import type { Notification } from '../notification';
import type { RetryPolicy } from './retry-policy';

/**
 * Provider config ids to try in order: the channel's default config, then its backup. Channels
 * without provider configs (telegram, bale, teams, mattermost) use `[DIRECT_PROVIDER]`.
 *
 * @example
 * const sms: ProviderChain = ['cfg_sms_default', 'cfg_sms_backup'];
 * const telegram: ProviderChain = [DIRECT_PROVIDER];
 */
export type ProviderChain = readonly [string, ...string[]];

/** The single chain entry of channels that talk to their service directly. */
export const DIRECT_PROVIDER = 'direct';

/** How a send attempt failed, as the channel reported it. */
export type FailureKind = 'transient' | 'permanent' | 'rateLimited';

export type DeliveryOutcome = 'delivered' | 'failed' | 'cancelled';

/**
 * The whole memory of one delivery (one message to one endpoint), plain JSON.
 *
 * @example
 * // after `started`: the first attempt on the default provider is in flight
 * const state: DeliveryState = {
 *   baseKey: 'notify:evt_1:ep_sms', policy: DEFAULT_RETRY_POLICY, phase: 'sending',
 *   provider: 'cfg_default', fallbacks: ['cfg_backup'], attempt: 1, previousDelayMs: 2000,
 *   cancelRequested: false, outcome: null,
 * };
 */
export interface DeliveryState {
  /** Business key of the delivery; idempotency keys are derived from it. */
  readonly baseKey: string;
  readonly policy: RetryPolicy;
  /** idle: not started; sending: an attempt is in flight; waiting: backing off before the next one. */
  readonly phase: 'idle' | 'sending' | 'waiting' | 'finished';
  /** The provider config being tried. */
  readonly provider: string;
  /** The rest of the chain, in order, not tried yet. */
  readonly fallbacks: readonly string[];
  /** 1-based attempt number on the current provider (0 before the first). */
  readonly attempt: number;
  /** The last backoff wait on this provider, the input of decorrelated jitter. */
  readonly previousDelayMs: number;
  /** A cancel arrived while an attempt was in flight: finish once its result is known and recorded. */
  readonly cancelRequested: boolean;
  readonly outcome: DeliveryOutcome | null;
}

/**
 * What happened to a delivery. Results carry the idempotency key of their attempt and timers their
 * id, so a result or timer delivered twice (the embedded driver's jobs are at-least-once) is ignored.
 *
 * @example
 * const failed: DeliveryEvent = {
 *   type: 'attemptFailed', idempotencyKey: 'notify:evt_1:ep_sms:cfg_default:1',
 *   kind: 'rateLimited', retryAfterMs: 30_000, message: '429 Too Many Requests', jitter: 0.42,
 * };
 */
export type DeliveryEvent =
  | { readonly type: 'started' }
  | { readonly type: 'attemptSucceeded'; readonly idempotencyKey: string; readonly latencyMs?: number }
  | {
      readonly type: 'attemptFailed';
      readonly idempotencyKey: string;
      readonly kind: FailureKind;
      readonly message: string;
      readonly retryAfterMs?: number;
      readonly latencyMs?: number;
      /** A random value in [0, 1) drawn by the driver for the backoff jitter. */
      readonly jitter: number;
    }
  | { readonly type: 'timerFired'; readonly timerId: string }
  | { readonly type: 'cancelled' };

/**
 * One row of the delivery log: every attempt, whatever its outcome.
 *
 * @example
 * const row: DeliveryAttemptRecord = {
 *   providerConfigId: 'cfg_default', attempt: 1, idempotencyKey: 'notify:evt_1:ep_sms:cfg_default:1',
 *   outcome: 'transient', error: 'ECONNRESET', retryAfterMs: null, latencyMs: 812,
 * };
 */
export interface DeliveryAttemptRecord {
  readonly providerConfigId: string;
  readonly attempt: number;
  readonly idempotencyKey: string;
  readonly outcome: 'delivered' | FailureKind;
  readonly error: string | null;
  readonly retryAfterMs: number | null;
  readonly latencyMs: number | null;
}

/**
 * What the driver must do next.
 *
 * @example
 * const send: DeliveryCommand = {
 *   type: 'send', providerConfigId: 'cfg_backup', attempt: 1, idempotencyKey: 'notify:evt_1:ep_sms:cfg_backup:1',
 * };
 * const backoff: DeliveryCommand = { type: 'wait', ms: 3_000, timerId: 'notify:evt_1:ep_sms:cfg_default:2' };
 */
export type DeliveryCommand =
  | {
      readonly type: 'send';
      readonly providerConfigId: string;
      readonly attempt: number;
      readonly idempotencyKey: string;
    }
  /** Wait, then report `timerFired` with this `timerId`; a new wait replaces any pending one. */
  | { readonly type: 'wait'; readonly ms: number; readonly timerId: string }
  | { readonly type: 'record'; readonly record: DeliveryAttemptRecord }
  | { readonly type: 'finish'; readonly outcome: DeliveryOutcome };

/**
 * Everything a driver needs to run one delivery: what to send and the decider state. The Temporal
 * delivery workflow takes it as input; an embedded job carries it as its payload.
 *
 * @example
 * const input: DeliveryInput = {
 *   notification: { kind: 'alert', alertEventId: 'evt_1', endpointId: 'ep_sms' },
 *   state: initialDeliveryState({ baseKey: notifyWorkflowId('evt_1', 'ep_sms'), chain: ['cfg_default', 'cfg_backup'] }),
 * };
 */
export interface DeliveryInput {
  readonly notification: Notification;
  readonly state: DeliveryState;
}
