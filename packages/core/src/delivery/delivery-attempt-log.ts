import type { MikroORM } from '@mikro-orm/core';
import {
  DELIVERY_OUTCOMES,
  type DeliveryAttemptOutcome,
  type DeliverySubject,
} from '../entities/delivery-attempt.entity';
import { newId } from '../entities/new-id';
import { queryRows } from '../persistence/query-rows';
import { createGroupedWriter } from './grouped-writer';
import { markUndeliverable, type QueueNotifies, type UndeliverablePage } from './undeliverable-pages';

/** One attempt as logged: the engine's `DeliveryAttemptRecord`. */
export interface DeliveryAttemptRecord {
  readonly providerConfigId: string;
  readonly attempt: number;
  readonly idempotencyKey: string;
  readonly outcome: DeliveryAttemptOutcome;
  readonly error: string | null;
  readonly retryAfterMs: number | null;
  readonly latencyMs: number | null;
}

/** The delivery log over `delivery_attempts`; it implements the engine's `DeliveryAttemptLog` port. */
export interface DeliveryAttemptLog {
  append(entry: {
    readonly notification: DeliverySubject;
    readonly record: DeliveryAttemptRecord;
  }): Promise<void>;
  recorded(idempotencyKey: string): Promise<DeliveryAttemptRecord | null>;
  /**
   * A page whose every provider config failed: logged as undeliverable, and the rule's owner told
   * through their other endpoints once (`markUndeliverable`), the notices queued by `queue` in the
   * same transaction. Optional: a log without it records attempts only.
   */
  undeliverable?(page: UndeliverablePage, queue: QueueNotifies): Promise<void>;
}

interface AttemptRow {
  provider_config_id: string;
  attempt: number;
  idempotency_key: string;
  outcome: string;
  error: string | null;
  retry_after_ms: number | null;
  latency_ms: number | null;
}

/** Attempt rows written in one statement at most; a group beyond it is split. */
const MAX_ROWS_PER_INSERT = 500;
const COLUMNS_PER_ROW = 16;

/**
 * The delivery log in `delivery_attempts`: one row per attempt, the idempotency key unique, so an
 * attempt recorded twice (a replayed job) keeps its first row. Appends from concurrent handlers are
 * group-committed: one multi-row insert per group, each append resolving once its row is stored.
 */
export function createDeliveryAttemptLog(orm: MikroORM): DeliveryAttemptLog {
  const insertRows = async (rows: ReadonlyArray<readonly unknown[]>) => {
    const values = rows.map(() => `(${Array.from({ length: COLUMNS_PER_ROW }, () => '?').join(', ')})`);
    await orm.em.getConnection().execute(
      `insert into delivery_attempts
         (id, notification_kind, alert_event_id, endpoint_id, otp_id, notice_id, provider_config_id, attempt,
          idempotency_key, outcome, error, retry_after_ms, latency_ms, recipient, carried, created_at)
       values ${values.join(', ')}
       on conflict (idempotency_key) do nothing`,
      rows.flat(),
      'run',
    );
  };
  const appendRow = createGroupedWriter(insertRows, MAX_ROWS_PER_INSERT);
  return {
    append: ({ notification, record }) =>
      appendRow([
        newId(),
        notification.kind,
        ...subjectOf(notification),
        record.providerConfigId,
        record.attempt,
        record.idempotencyKey,
        record.outcome,
        record.error,
        record.retryAfterMs,
        record.latencyMs,
        notification.kind === 'alert' && notification.recipient
          ? JSON.stringify(notification.recipient)
          : null,
        notification.kind === 'alert' && notification.carried ? JSON.stringify(notification.carried) : null,
        new Date(),
      ]),
    async recorded(idempotencyKey) {
      const [row] = await queryRows<AttemptRow>(
        orm.em.fork(),
        `select provider_config_id, attempt, idempotency_key, outcome, error, retry_after_ms, latency_ms
           from delivery_attempts where idempotency_key = ?`,
        [idempotencyKey],
      );
      return row ? recordOf(row) : null;
    },
    undeliverable: (page, queue) => markUndeliverable(orm, page, queue),
  };
}

/** The alert event, endpoint, OTP and notice an attempt was for, as the log's columns. */
function subjectOf(
  notification: DeliverySubject,
): [string | null, string | null, string | null, string | null] {
  switch (notification.kind) {
    case 'alert':
      return [notification.alertEventId, notification.endpointId, null, null];
    case 'notice':
      return [null, notification.endpointId, null, notification.noticeId];
    case 'otp':
      return [null, null, notification.otpId, null];
  }
}

function recordOf(row: AttemptRow): DeliveryAttemptRecord {
  const outcome = DELIVERY_OUTCOMES.find((known) => known === row.outcome) ?? 'transient';
  return {
    providerConfigId: row.provider_config_id,
    attempt: row.attempt,
    idempotencyKey: row.idempotency_key,
    outcome,
    error: row.error,
    retryAfterMs: row.retry_after_ms,
    latencyMs: row.latency_ms,
  };
}
