import { randomBytes } from 'node:crypto';
import { loadPluginRegistry } from '@oncall/built-ins';
import { loadConfig } from '@oncall/config';
import { newId } from '@oncall/core';
import { AlertRule, queryRows, User } from '@oncall/core/persistence';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { lateBoundInstanceResolver } from '@oncall/engine';
import { createTestCore, type TestCore } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeEngine } from '../src/engine/compose-engine';

const ENV = {
  DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused',
  ENCRYPTION_KEY: 'ab'.repeat(32),
  JWT_SECRET: 'x'.repeat(40),
};

describe('composeEngine with ENGINE_WORKERS=false', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.dispose());

  it('on Temporal only queues in the outbox and leaves its jobs to other processes', async () => {
    const config = loadConfig({
      ...ENV,
      // Nothing listens there; an outbox worker in this process would still take the job (and, its
      // endpoint being unknown, complete it without a workflow).
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      ENGINE_WORKERS: 'false',
    });
    const errors: unknown[] = [];
    const engine = await composeEngine(config, t.db, {
      plugins: await loadPluginRegistry(),
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

describe('composeEngine on the embedded driver', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore();
  });
  afterAll(() => t.dispose());

  /** An `api` rule auto-resolving after a minute, with one instance that last fired an hour ago. */
  const seedStaleInstance = async () => {
    const em = t.core.orm.em.fork();
    const token = `ak_${randomBytes(32).toString('base64url')}`;
    const rule = em.create(AlertRule, {
      name: `rule-${randomBytes(4).toString('hex')}`,
      type: 'api',
      owner: await em.findOneOrFail(User, { isSystemAdmin: true }),
      settings: { enableAutoResolve: true, autoResolveMinutes: 1 },
      tokenHash: t.core.secretBox.lookupHash(token),
      sealedToken: t.core.secretBox.encrypt(token),
    });
    await em.flush();
    await t.core.ingestion.fire(token, { alertname: 'cpu', instance: 'db-1' });
    const [instance] = await queryRows<{ fingerprint: string; episode_id: string; last_seen_at: Date }>(
      em.fork(),
      `update alert_instances set last_seen_at = now() - interval '1 hour'
        where rule_id = ? returning fingerprint, episode_id, last_seen_at`,
      [rule.id],
    );
    if (!instance) throw new Error('the fire opened no instance');
    return { ruleId: rule.id, ...instance };
  };
  const instanceState = async (ruleId: string) => {
    const [row] = await queryRows<{ state: string }>(
      t.core.orm.em.fork(),
      'select state from alert_instances where rule_id = ?',
      [ruleId],
    );
    return row?.state;
  };

  it("works the auto-resolve timers: reads the instance and resolves it through the core's resolver", async () => {
    const instances = lateBoundInstanceResolver();
    instances.bind(t.core.autoResolver);
    const errors: unknown[] = [];
    const engine = await composeEngine(loadConfig(ENV), t.database.db, {
      plugins: await loadPluginRegistry(),
      instances,
      onError: (error) => errors.push(error),
    });
    await engine.start();
    try {
      const { ruleId, fingerprint, episode_id, last_seen_at } = await seedStaleInstance();
      await t.core.orm.em.fork().transactional((tx) =>
        engine.orchestrator.armAutoResolve(tx, {
          ruleId,
          fingerprint,
          episodeId: episode_id,
          opened: true,
          autoResolveMinutes: 1,
          firedAt: new Date(last_seen_at),
        }),
      );
      await vi.waitFor(async () => expect(await instanceState(ruleId)).toBe('resolved'), {
        timeout: 20_000,
        interval: 50,
      });
      expect(errors).toEqual([]);
    } finally {
      await engine.stop();
    }
  });
});
