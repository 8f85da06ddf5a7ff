import type { EntityManager } from '@mikro-orm/core';
import type { OtpChannel } from '../entities/otp-code.entity';

export type EscalationStopReason = 'acknowledged' | 'resolved';

/**
 * A fire of an instance of an `api` rule with auto-resolve on, or of an alert that says when it
 * ends: the instance resolves itself unless it fires again within `autoResolveMinutes` of `firedAt`.
 *
 * @example
 * const request: AutoResolveArm = {
 *   ruleId, fingerprint: apiFingerprint('cpu', 'db-1'), episodeId, opened: true,
 *   autoResolveMinutes: 10, firedAt: new Date(),
 * };
 */
export interface AutoResolveArm {
  ruleId: string;
  /** The instance's key within its rule. */
  fingerprint: string;
  /** The firing episode (the id of its opening event). */
  episodeId: string;
  /** True when a timer must start (the fire opened the episode); false for repeats of a firing instance. */
  opened: boolean;
  /** 0 for an instance that expires (its `endsAt`): the timer then runs out at `firedAt`. */
  autoResolveMinutes: number;
  /**
   * When the fire was applied; the instance's `last_seen_at` holds the same time. For an instance
   * that expires, its expiry (`expires_at`), so one durable timer serves both.
   */
  firedAt: Date;
}

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
/** One endpoint to notify about one alert event. */
export interface NotifyRequest {
  readonly alertEventId: string;
  readonly endpointId: string;
}

/** A notify a statement's outbox queued, with the outbox's own reference of it. */
export interface QueuedNotify extends NotifyRequest {
  /** The outbox's id of the queued work (a job id), handed back to `committed`. */
  readonly ref: string;
}

/**
 * Queues notifies from inside one of the core's own statements, so a write and the pages it causes
 * commit in that one statement, with no transaction (and no `begin`/`commit` round trips) around
 * it: the ingestion hot path's openings that page.
 *
 * @example
 * const outbox = orchestrator.statementOutbox?.();
 * if (outbox) {
 *   const { sql, created } = outbox.ctes('pages'); // `pages` has columns alert_event_id, endpoint_id
 *   const rows = await queryRows(em, `with pages as (...), ${sql} select * from ${created}`, [...]);
 *   outbox.committed(rows.map(queuedNotifyOf)); // the statement committed: run them
 * }
 */
export interface StatementOutbox {
  /**
   * Common table expressions (`name as (...)`, comma-separated, without `with`) that queue a notify
   * for each row of the relation named `source` (columns `alert_event_id uuid`, `endpoint_id uuid`),
   * idempotently per pair as `notify` is. `created` names the relation of the notifies actually
   * queued, columns `alert_event_id`, `endpoint_id` and `ref` (text). The SQL holds no placeholders.
   */
  ctes(source: string): { sql: string; created: string };
  /** The notifies a statement built with `ctes` queued, once it has committed. */
  committed(queued: readonly QueuedNotify[]): void;
}

export interface Orchestrator {
  /**
   * Whether `armAutoResolve` must see every fire (`opened: false` included): true for a driver whose
   * timer holds the deadline and learns of fires by signal; false for one that reads the instance's
   * last fire when its timer runs out. When false, a repeated fire of a firing instance is applied
   * by one statement outside any transaction, the ingestion hot path.
   */
  readonly needsRepeatedFires: boolean;
  /** Sends a one-time code by its channel through the default provider config (backup on failure). */
  sendOtp(tx: EntityManager, request: { otpId: string; channel: OtpChannel }): Promise<void>;
  /**
   * Sends a stored notice (`notices`, not about an alert) to one endpoint through its provider
   * chain, with retries and the delivery log as a page has; a flow endpoint is skipped. Idempotent
   * per (noticeId, endpointId).
   */
  sendNotice(tx: EntityManager, request: { noticeId: string; endpointId: string }): Promise<void>;
  /**
   * Notifies one endpoint about one alert event; a flow endpoint starts its escalation. Idempotent
   * per (alertEventId, endpointId): a repeated call never pages twice.
   */
  notify(tx: EntityManager, request: NotifyRequest): Promise<void>;
  /**
   * `notify` for several pairs in one write, as many openings committed together page (and one
   * event pages every endpoint of its rule). Optional: without it, `notify` is called for each.
   */
  notifyMany?(tx: EntityManager, requests: readonly NotifyRequest[]): Promise<void>;
  /**
   * The outbox a single statement can write notifies into, or null when this driver cannot take
   * them so right now (the caller then queues them in a transaction with `notify`). Optional.
   */
  statementOutbox?(): StatementOutbox | null;
  /** Stops the escalations (flows) running for an alert event. */
  stopEscalations(
    tx: EntityManager,
    request: { alertEventId: string; reason: EscalationStopReason },
  ): Promise<void>;
  /**
   * Starts (or moves) an instance's auto-resolve timer, a durable one in the engine, so it outlives
   * restarts. When it runs out the engine resolves through `AutoResolver`, which leaves an instance
   * that fired again, was resolved, or whose rule turned auto-resolve off alone.
   */
  armAutoResolve(tx: EntityManager, request: AutoResolveArm): Promise<void>;
}
