import { Migrator } from '@mikro-orm/migrations';
import { createCore, newId } from '@oncall/core';
import { openJson } from '@oncall/core/persistence';
import { migrate } from '@oncall/db';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import type { TestCore } from '@oncall/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestHttpApp, createServerTestCore, testAppClient } from './support/test-app';

/** The last migration of the earlier release this test upgrades from (the first day's schema). */
const PREVIOUS_RELEASE = 'Migration20261122141849FiresInOneStatement';
const TOKEN = 'ak_token-from-the-previous-release';
const TEAMS_URL = 'https://example.webhook.office.com/webhookb2/upgraded@tenant/IncomingWebhook/abc/def';

/**
 * Migrations only go forward, over data: a database at an earlier release, written with that
 * schema's SQL, is migrated to now, and a server over it logs in and reads the data as it was.
 */
describe('upgrading a database that holds data from an earlier release', () => {
  let t: TestCore;
  let old: TestDatabase;
  let app: FastifyInstance;
  const ids = { user: newId(), rule: newId(), endpoint: newId(), event: newId() };
  let applied: string[];

  beforeAll(async () => {
    t = await createServerTestCore();
    old = await createTestDatabase({ secretBox: t.core.secretBox, migrated: false });
    const { orm } = old.db;
    await new Migrator(orm.em).up({ to: PREVIOUS_RELEASE });
    const sql = orm.em.getConnection();
    // The test core's cheap argon2 parameters, so the core over the upgraded database verifies it.
    const { hasher } = t.deps;
    if (!hasher) throw new Error('the test core has a password hasher');
    await sql.execute(
      `insert into users (id, username, name, password_hash, role, created_at, updated_at)
       values (?, 'veteran', 'Veteran', ?, 'member', now(), now())`,
      [ids.user, await hasher.hash('veteran-password')],
    );
    await sql.execute(
      `insert into alert_rules (id, name, type, owner_id, settings, tags, token_hash, sealed_token, created_at, updated_at)
       values (?, 'disk full', 'api', ?, '{}'::jsonb, '{storage}', ?, ?, now(), now())`,
      [ids.rule, ids.user, t.core.secretBox.lookupHash(TOKEN), t.core.secretBox.encrypt(TOKEN)],
    );
    // That release stored webhook URLs in the clear; a later migration seals them.
    await sql.execute(
      `insert into endpoints (id, name, type, value, owner_id, created_at, updated_at)
       values (?, 'ops channel', 'teams', ?, ?, now(), now())`,
      [ids.endpoint, TEAMS_URL, ids.user],
    );
    await sql.execute('insert into alert_rule_endpoints (alert_rule_id, endpoint_id) values (?, ?)', [
      ids.rule,
      ids.endpoint,
    ]);
    await sql.execute(
      `insert into alert_events (id, rule_id, kind, state, rule_state, alertname, instance, created_at)
       values (?, ?, 'fired', 'critical', 'critical', 'disk', 'db-1', now() - interval '1 hour')`,
      [ids.event, ids.rule],
    );
    applied = await migrate(orm);
    app = await buildTestHttpApp(t, createCore({ ...t.deps, orm, prepared: old.db.prepared }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await old?.dispose();
    await t?.dispose();
  });

  it('applies every later migration, and a second run applies nothing', async () => {
    expect(applied.length).toBeGreaterThan(10);
    expect(applied).not.toContain(PREVIOUS_RELEASE);
    expect(await migrate(old.db.orm)).toEqual([]);
  });

  it('a server on the upgraded database logs the old user in and reads the old data', async () => {
    const client = testAppClient(t, () => app);
    const { accessToken: token } = await client.login('veteran', 'veteran-password');
    const rule = await client.call('GET', `/api/v1/alert-rule/${ids.rule}`, { token });
    expect(rule.statusCode).toBe(200);
    expect(JSON.stringify(rule.json())).toContain('disk full');
    const history = await client.call('GET', `/api/v1/alert-rule/history/${ids.rule}`, { token });
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain('db-1');
    // The old ingestion token still fires the rule.
    const fired = await client.call('POST', '/api/v1/fire-alert', {
      token: TOKEN,
      body: { alertname: 'disk', instance: 'db-2' },
    });
    expect(fired.statusCode).toBe(200);
  });

  it('the webhook URL stored in the clear is sealed by the upgrade and still opens', async () => {
    const [row] = await old.db.orm.em
      .getConnection()
      .execute<Array<{ destination: unknown; sealed_destination: string }>>(
        'select destination, sealed_destination from endpoints where id = ?',
        [ids.endpoint],
      );
    expect(JSON.stringify(row?.destination)).not.toContain('upgraded@tenant');
    expect(openJson(t.core.secretBox, row?.sealed_destination).value).toBe(TEAMS_URL);
  });
});
