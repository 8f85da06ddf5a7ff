import type { MikroORM } from '@mikro-orm/postgresql';
import { DELIVERY_OUTCOMES, newId, queryRows } from '@oncall/core';
import type { DeliveryAttemptRecord, Notification } from '@oncall/workflows';
import type { DeliveryJournal } from '../ports/delivery-journal';

interface AttemptRow {
  provider_config_id: string;
  attempt: number;
  idempotency_key: string;
  outcome: string;
  error: string | null;
  retry_after_ms: number | null;
  latency_ms: number | null;
}

/**
 * The delivery log in `delivery_attempts`: one row per attempt, the idempotency key unique, so an
 * attempt recorded twice (a replayed job) keeps its first row.
 */
export function createDeliveryJournal(orm: MikroORM): DeliveryJournal {
  return {
    async append({ notification, record }) {
      await orm.em.fork().execute(
        `insert into delivery_attempts
           (id, notification_kind, alert_event_id, endpoint_id, otp_id, provider_config_id, attempt,
            idempotency_key, outcome, error, retry_after_ms, latency_ms, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (idempotency_key) do nothing`,
        [
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
        ],
        'run',
      );
    },
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
