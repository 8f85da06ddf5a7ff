import type { MikroORM } from '@mikro-orm/core';
import type { DeliveryAttemptRecord } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import { createDeliveryAttemptLog } from '@oncall/core/testing';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The delivery log rows of one delivery (by the start of their idempotency key), oldest first. */
function attemptsOf(orm: MikroORM, baseKey: string) {
  return queryRows(
    orm.em.fork(),
    `select provider_config_id, attempt, idempotency_key, outcome, retry_after_ms
       from delivery_attempts where idempotency_key like ? order by created_at, idempotency_key`,
    [`${baseKey}:%`],
  );
}

describe('the delivery attempt log', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const record: DeliveryAttemptRecord = {
    providerConfigId: 'direct',
    attempt: 1,
    idempotencyKey: 'notify:evt-1:ep-1:direct:1',
    outcome: 'rateLimited',
    error: 'Telegram 429: Too Many Requests',
    retryAfterMs: 3000,
    latencyMs: 41,
  };
  const notification = { kind: 'alert', alertEventId: 'evt-1', endpointId: 'ep-1' } as const;

  it('keeps an attempt recorded twice once, and reads it back', async () => {
    const attemptLog = createDeliveryAttemptLog(database.db.orm);
    await attemptLog.append({ notification, record });
    await attemptLog.append({ notification, record: { ...record, outcome: 'delivered', error: null } });

    expect(await attemptsOf(database.db.orm, 'notify:evt-1:ep-1')).toEqual([
      {
        provider_config_id: 'direct',
        attempt: 1,
        idempotency_key: record.idempotencyKey,
        outcome: 'rateLimited',
        retry_after_ms: 3000,
      },
    ]);
    expect(await attemptLog.recorded(record.idempotencyKey)).toEqual(record);
    expect(await attemptLog.recorded('notify:evt-1:ep-1:direct:2')).toBeNull();
  });

  it('stores every one of many concurrent appends, each once', async () => {
    const attemptLog = createDeliveryAttemptLog(database.db.orm);
    const burst = (prefix: string) =>
      Array.from({ length: 120 }, (_, i) => ({
        notification: { kind: 'alert', alertEventId: `${prefix}-${i}`, endpointId: 'ep-burst' } as const,
        record: { ...record, idempotencyKey: `notify:${prefix}-${i}:ep-burst:direct:1` },
      }));
    // The same burst twice at once: every key is written, none twice.
    await Promise.all(
      [...burst('evt-burst'), ...burst('evt-burst')].map((entry) => attemptLog.append(entry)),
    );
    const [counted] = await database.db.orm.em
      .fork()
      .execute<Array<{ rows: number; keys: number }>>(
        "select count(*)::int as rows, count(distinct idempotency_key)::int as keys from delivery_attempts where endpoint_id = 'ep-burst'",
      );
    expect(counted).toEqual({ rows: 120, keys: 120 });
  });
});
