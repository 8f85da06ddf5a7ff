import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '@oncall/core';
import { DataSource } from '@oncall/core/persistence';
import { exportTables, importTables } from '@oncall/db';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedWebhookRule } from './support/seed-data-source';
import { seedRule } from './support/seed-rule';
import { buildTestHttpApp, createTestApp, type TestApp, testAppClient } from './support/test-app';

const READS = ['/api/v1/alert-rule', '/api/v1/endpoint', '/api/v1/data-source', '/api/v1/user'];

/**
 * `npm run admin -- export` on the embedded database, `import` into an empty PostgreSQL (PGlite
 * when the run has no server): a server over the target logs in and answers what the source did.
 */
describe('moving from the embedded database to PostgreSQL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oncall-export-'));
  const file = join(dir, 'export.jsonl');
  let source: TestApp;
  let target: TestDatabase;
  let targetApp: FastifyInstance;
  let rule: { ruleId: string; token: string };
  let sourceId: string;

  beforeAll(async () => {
    // The source is always the embedded database, whatever the run's TEST_DB.
    vi.stubEnv('TEST_DB', 'pglite');
    try {
      source = await createTestApp();
    } finally {
      vi.unstubAllEnvs();
    }
    await source.userWithToken('moved-member', 'member');
    rule = await seedRule(source.t, { name: 'moved rule' });
    sourceId = (await seedWebhookRule(source.t, 'prometheus', {})).sourceId;
    const fired = await source.call('POST', '/api/v1/fire-alert', {
      token: rule.token,
      body: { alertname: 'disk', instance: 'db-1' },
    });
    expect(fired.statusCode).toBe(200);

    await exportTables(source.t.database.db.orm, file);
    target = await createTestDatabase();
    await importTables(target.db.orm, file);
    const core = createCore({ ...source.t.deps, orm: target.db.orm, prepared: target.db.prepared });
    targetApp = await buildTestHttpApp(source.t, core);
  }, 120_000);
  afterAll(async () => {
    await targetApp?.close();
    await target?.dispose();
    await source?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a server on the target logs in and reads what the source held', async () => {
    const before = await source.adminToken();
    const onTarget = testAppClient(source.t, () => targetApp);
    const after = await onTarget.adminToken();
    for (const url of [...READS, `/api/v1/alert-rule/history/${rule.ruleId}`]) {
      const was = await source.call('GET', url, { token: before });
      const is = await onTarget.call('GET', url, { token: after });
      expect(is.statusCode, url).toBe(200);
      expect(is.json(), url).toEqual(was.json());
    }
    // A user other than the admin, with the password hash moved along.
    await expect(onTarget.login('moved-member', 'moved-member-password')).resolves.toBeDefined();
  });

  it('sealed secrets and token lookups open on the target: the moved ingestion token fires', async () => {
    const onTarget = testAppClient(source.t, () => targetApp);
    const answer = await onTarget.call('POST', '/api/v1/fire-alert', {
      token: rule.token,
      body: { alertname: 'disk', instance: 'db-2' },
    });
    expect(answer.statusCode).toBe(200);
    const moved = await target.db.orm.em.fork().findOneOrFail(DataSource, { id: sourceId });
    expect(moved.sealedToken).toBeTruthy();
    expect(source.t.core.secretBox.decrypt(String(moved.sealedToken))).toMatch(/^ds_/);
  });

  it('refuses a second import into a database that holds data, changing nothing', async () => {
    const count = () => target.db.orm.em.getConnection().execute('select count(*)::int as n from users');
    const before = await count();
    await expect(importTables(target.db.orm, file)).rejects.toThrow(/already holds users/);
    expect(await count()).toEqual(before);
  });
});
