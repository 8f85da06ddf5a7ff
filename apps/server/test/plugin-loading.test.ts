import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@oncall/config';
import { AlertRule, DataSource } from '@oncall/core/persistence';
import { PluginLoadError } from '@oncall/core/testing';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../src/start';

// Resolved by this package's vitest config to the SDK's example source, as if installed.
const UPTIME_KUMA = '@fixture/oncall-source-uptime-kuma';

describe('plugins the configuration names', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oncall-plugins-'));
  let database: TestDatabase;
  // The test database's PostgreSQL when there is one; else embedded PGlite on disk, as in production.
  const where = () => (database.target.kind === 'postgres' ? { DATABASE_URL: database.target.url } : {});
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env = (extra: Record<string, string>) => ({
    ...where(),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ENCRYPTION_KEY: 'ab'.repeat(32),
    JWT_SECRET: 'x'.repeat(40),
    ADMIN_PASSWORD: 'admin-password-1',
    ...extra,
  });

  it('loads a source plugin package SOURCE_PLUGINS names, and warns of stored types nothing serves', {
    timeout: 60_000,
  }, async () => {
    // A row of a type no plugin serves, written into the service's own database (on PGlite, the one
    // in DATA_DIR), then the service started again over it.
    const first = await startService(loadConfig(env({ SOURCE_PLUGINS: UPTIME_KUMA })));
    try {
      const em = first.core.orm.em.fork();
      em.create(DataSource, { name: 'checks', type: 'nagios', url: 'http://nagios.invalid' });
      await em.flush();
    } finally {
      await first.stop();
    }
    const lines: string[] = [];
    const service = await startService(loadConfig(env({ SOURCE_PLUGINS: UPTIME_KUMA })), {
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      expect(service.core.plugins.sourceFor('uptime_kuma')?.id).toBe('uptime-kuma');
      expect(service.core.plugins.ruleTypes.at(-1)).toBe('uptime_kuma');
      // The plugin's webhook route exists: an unknown token is refused, not an unknown path.
      const posted = await service.app.inject({
        method: 'POST',
        url: '/api/v1/uptime_kuma-alert/not-a-token',
        payload: { heartbeat: null, monitor: null, msg: 'test' },
      });
      expect(posted.statusCode).toBe(401);
      const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.column !== undefined);
      expect(warnings).toEqual([
        expect.objectContaining({ level: 40, column: 'data_sources.type', type: 'nagios', rows: 1 }),
      ]);
      expect(warnings[0].msg).toContain('SOURCE_PLUGINS');
    } finally {
      await service.stop();
    }
  });

  it('serves a SOURCE_PLUGINS type end to end: a data source over REST, its webhook token, a rule of the type that fires and resolves', {
    timeout: 60_000,
  }, async () => {
    const service = await startService(
      loadConfig(env({ SOURCE_PLUGINS: UPTIME_KUMA, PUBLIC_URL: 'https://oncall.example.com' })),
    );
    const call = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
      service.app.inject({
        method,
        url,
        payload,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    try {
      const login = await call('POST', '/api/v1/auth/login', {
        username: 'admin',
        password: 'admin-password-1',
      });
      const admin = login.json().accessToken;
      const types = (await call('GET', '/api/v1/data-source/types', undefined, admin)).json();
      expect(types.at(-1)).toEqual({ type: 'uptime_kuma', label: 'Uptime Kuma', isWebhook: true });

      const created = await call(
        'POST',
        '/api/v1/data-source',
        { name: 'kuma', type: 'uptime_kuma', url: 'http://kuma.internal:3001' },
        admin,
      );
      expect(created.statusCode).toBe(201);
      const view = created.json();
      expect(view).toMatchObject({ type: 'uptime_kuma', isWebhook: true });
      expect(view.webhookUrl).toBe(
        `https://oncall.example.com/api/v1/uptime_kuma-alert/${view.webhookToken}`,
      );

      const down = {
        heartbeat: { status: 0, time: '2024-09-24 23:51:35.527' },
        monitor: { id: 1, name: 'api' },
        msg: 'down',
      };
      expect((await call('POST', '/api/v1/uptime_kuma-alert/ds_not-this-one', down)).statusCode).toBe(401);
      const accepted = await call('POST', `/api/v1/uptime_kuma-alert/${view.webhookToken}`, down);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ status: true, alerts: 1, matched: 0 });

      const picked = await call(
        'GET',
        '/api/v1/alert-rule/create-data/data-source/uptime_kuma',
        undefined,
        admin,
      );
      expect(picked.json()).toEqual([{ id: view.id, name: 'kuma', type: 'uptime_kuma' }]);

      // A rule of the plugin's type listening to that data source fires and resolves from its webhook.
      const rule = await call(
        'POST',
        '/api/v1/alert-rule',
        { type: 'uptime_kuma', name: 'API monitor', dataSourceIds: [view.id], dataSourceAlertName: 'api' },
        admin,
      );
      expect(rule.statusCode, rule.body).toBe(200);
      const ruleId: string = rule.json().id;
      const stateOf = async () =>
        (await service.core.orm.em.fork().findOneOrFail(AlertRule, { id: ruleId })).state;
      const fired = await call('POST', `/api/v1/uptime_kuma-alert/${view.webhookToken}`, down);
      expect(fired.json()).toEqual({ status: true, alerts: 1, matched: 1 });
      expect(await stateOf()).toBe('critical');
      const up = { ...down, heartbeat: { status: 1, time: '2024-09-24 23:52:35.527' }, msg: 'up' };
      const resolved = await call('POST', `/api/v1/uptime_kuma-alert/${view.webhookToken}`, up);
      expect(resolved.json()).toEqual({ status: true, alerts: 1, matched: 1 });
      expect(await stateOf()).toBe('resolved');
    } finally {
      await service.stop();
    }
  });

  it('refuses to start, naming the package, when a SOURCE_PLUGINS package cannot be loaded', async () => {
    const started = startService(loadConfig(env({ SOURCE_PLUGINS: '@acme/no-such-source' })));
    await expect(started).rejects.toBeInstanceOf(PluginLoadError);
    await expect(started).rejects.toThrow('Source plugin "@acme/no-such-source": could not be imported');
  });
});
