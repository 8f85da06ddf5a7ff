import type { EntityManager } from '@mikro-orm/core';
import type { OtpChannel } from '../entities/otp-code.entity';

export type EscalationStopReason = 'acknowledged' | 'resolved';

/**
 * The orchestration engine as the core sees it. Every call takes the caller's transaction: the
 * work is queued inside it, so a state change and the jobs it causes commit or roll back together
 * (a transactional outbox). Two drivers implement it: embedded (pg-boss in the same database) and
 * Temporal.
 *
 * @example
 * await em.transactional(async (tx) => {
 *   const otp = tx.create(OtpCode, { ... });
 *   await orchestrator.sendOtp(tx, { otpId: otp.id, channel: 'sms' });
 * });
 */
export interface Orchestrator {
  /** Sends a one-time code by its channel through the default provider config (backup on failure). */
  sendOtp(tx: EntityManager, request: { otpId: string; channel: OtpChannel }): Promise<void>;
  /**
   * Notifies one endpoint about one alert event; a flow endpoint starts its escalation. Idempotent
   * per (alertEventId, endpointId): a repeated call never pages twice.
   */
  notify(tx: EntityManager, request: { alertEventId: string; endpointId: string }): Promise<void>;
  /** Stops the escalations (flows) running for an alert event. */
  stopEscalations(
    tx: EntityManager,
    request: { alertEventId: string; reason: EscalationStopReason },
  ): Promise<void>;
}
