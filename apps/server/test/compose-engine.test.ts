import { loadConfig } from '@oncall/config';
import { newId, queryRows } from '@oncall/core';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { lateBoundInstanceResolver } from '@oncall/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeEngine } from '../src/engine/compose-engine';

describe('composeEngine with ENGINE_WORKERS=false', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.dispose());

  it('on Temporal only queues in the outbox and leaves its jobs to other processes', async () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused',
      ENCRYPTION_KEY: 'ab'.repeat(32),
      JWT_SECRET: 'x'.repeat(40),
      // Nothing listens there; an outbox worker in this process would still take the job (and, its
      // endpoint being unknown, complete it without a workflow).
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      ENGINE_WORKERS: 'false',
    });
    const errors: unknown[] = [];
    const engine = await composeEngine(config, t.db, {
      instances: lateBoundInstanceResolver(),
      onError: (error) => errors.push(error),
    });
    await engine.start();
    try {
      const alertEventId = newId();
      await t.db.orm.em
        .fork()
        .transactional((tx) => engine.orchestrator.notify(tx, { alertEventId, endpointId: newId() }));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const jobs = await queryRows<{ state: string }>(
        t.db.orm.em.fork(),
        "select state from pgboss.job where name = 'oncall-temporal-outbox' and data->>'alertEventId' = ?",
        [alertEventId],
      );
      expect(jobs).toEqual([{ state: 'created' }]);
      expect(errors).toEqual([]);
    } finally {
      await engine.stop();
    }
  });
});
