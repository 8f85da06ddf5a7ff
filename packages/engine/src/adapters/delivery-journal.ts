import type { MikroORM } from '@mikro-orm/postgresql';
import { DELIVERY_OUTCOMES, newId, queryRows } from '@oncall/core';
import type { DeliveryAttemptRecord, Notification } from '@oncall/workflows';
import type { DeliveryJournal } from '../ports/delivery-journal';
import { createGroupedWriter } from './grouped-writer';

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
const COLUMNS_PER_ROW = 13;

/**
 * The delivery log in `delivery_attempts`: one row per attempt, the idempotency key unique, so an
 * attempt recorded twice (a replayed job) keeps its first row. Appends from concurrent handlers are
 * group-committed: one multi-row insert per group, each append resolving once its row is stored.
 */
export function createDeliveryJournal(orm: MikroORM): DeliveryJournal {
  const insertRows = async (rows: ReadonlyArray<readonly unknown[]>) => {
    const values = rows.map(() => `(${Array.from({ length: COLUMNS_PER_ROW }, () => '?').join(', ')})`);
    await orm.em.fork().execute(
      `insert into delivery_attempts
         (id, notification_kind, alert_event_id, endpoint_id, otp_id, provider_config_id, attempt,
          idempotency_key, outcome, error, retry_after_ms, latency_ms, created_at)
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
  };
}

function subjectOf(notification: Notification): [string | null, string | null, string | null] {
  return notification.kind === 'alert'
    ? [notification.alertEventId, notification.endpointId, null]
    : [null, null, notification.otpId];
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
