import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@oncall/config';
import { queryRows } from '@oncall/core/persistence';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeNtfy } from '../../../test-plugins/oncall-channel-ntfy/test/fake-ntfy';
import { type RunningService, startService } from '../src/start';

// Resolved by this package's vitest config to the fixture in test-plugins/, as if installed.
const NTFY = '@fixture/oncall-channel-ntfy';
const ACCESS_TOKEN = 'tk_third-party-secret';

/**
 * A channel plugin from a package outside the service, named in CHANNEL_PLUGINS, becomes an
 * endpoint type like the built-ins: created with its own validated fields, its secret sealed and
 * masked, paged by a rule, retried on a vendor failure and logged; on PostgreSQL, and on the embedded
 * PGlite a server without DATABASE_URL opens.
 */
describe.each(['postgres', 'pglite'] as const)('a third-party channel plugin, on %s', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oncall-third-party-channel-'));
  let database: TestDatabase | undefined;
  let fake: Awaited<ReturnType<typeof startFakeNtfy>>;
  let service: RunningService;
  let admin: string;

  beforeAll(async () => {
    fake = await startFakeNtfy();
    database = kind === 'postgres' ? await createTestDatabase() : undefined;
    const url = database?.target.kind === 'postgres' ? { DATABASE_URL: database.target.url } : {};
    service = await startService(
      loadConfig({
        ...url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ENCRYPTION_KEY: 'cd'.repeat(32),
        JWT_SECRET: 'y'.repeat(40),
        ADMIN_PASSWORD: 'admin-password-1',
        CHANNEL_PLUGINS: NTFY,
        // The fake ntfy server listens on 127.0.0.1.
        ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
      }),
    );
    const login = await call('POST', '/api/v1/auth/login', {
      username: 'admin',
      password: 'admin-password-1',
    });
    admin = login.json().accessToken;
  });
  afterAll(async () => {
    await service?.stop();
    await fake?.close();
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = admin) =>
    service.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const ntfyBody = (fields: Record<string, unknown> = {}) => ({
    name: 'Phone push',
    type: 'ntfy',
    serverUrl: fake.url,
    topic: 'oncall-db',
    accessToken: ACCESS_TOKEN,
    ...fields,
  });

  it('creates an endpoint of its type with its fields, the secret one sealed and masked', async () => {
    const created = await call('POST', '/api/v1/endpoint', ntfyBody());
    expect(created.statusCode, created.body).toBe(201);
    const masked = `********${ACCESS_TOKEN.slice(-4)}`;
    expect(created.json()).toMatchObject({
      type: 'ntfy',
      name: 'Phone push',
      serverUrl: fake.url,
      topic: 'oncall-db',
      accessToken: masked,
    });
    const read = await call('GET', `/api/v1/endpoint/${created.json().id}`);
    expect(read.json()).toEqual({ ...created.json(), hasActionAccess: true });
    const [row] = await queryRows<{ destination: unknown; sealed_destination: string }>(
      service.db.orm.em.fork(),
      'select destination, sealed_destination from endpoints where id = ?',
      [created.json().id],
    );
    expect(JSON.stringify(row)).not.toContain(ACCESS_TOKEN);
    expect(service.core.secretBox.decrypt(row?.sealed_destination ?? '')).toContain(ACCESS_TOKEN);

    // Saved back as read: the stored token is kept.
    const saved = await call('PUT', `/api/v1/endpoint/${created.json().id}`, read.json());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().accessToken).toBe(masked);
  });

  it('answers 422 at the field path of a field its destination schema refuses', async () => {
    const badTopic = await call('POST', '/api/v1/endpoint', ntfyBody({ topic: 'not a topic!' }));
    expect(badTopic.statusCode).toBe(422);
    expect(badTopic.json().errors).toEqual({ topic: ['letters, digits, - and _ only'] });
    const noServer = await call('POST', '/api/v1/endpoint', ntfyBody({ serverUrl: undefined }));
    expect(noServer.statusCode).toBe(422);
    expect(Object.keys(noServer.json().errors)).toEqual(['serverUrl']);
  });

  it('pages it from a rule, retries a 503 and logs both attempts', { timeout: 60_000 }, async () => {
    const endpoint = (await call('POST', '/api/v1/endpoint', ntfyBody({ name: 'Paged push' }))).json();
    const rule = await call('POST', '/api/v1/alert-rule', {
      type: 'api',
      name: 'Replication lag',
      showAcknowledgeBtn: true,
      endpointIds: [endpoint.id],
    });
    expect(rule.statusCode, rule.body).toBe(200);
    fake.failNext(503);
    const fired = await call(
      'POST',
      '/api/v1/fire-alert',
      { alertname: 'lag', instance: 'db-2' },
      rule.json().apiToken,
    );
    expect(fired.json()).toEqual({ status: true, message: 'Activated' });

    const attempts = () =>
      queryRows<{ outcome: string; provider_config_id: string }>(
        service.db.orm.em.fork(),
        'select outcome, provider_config_id from delivery_attempts where endpoint_id = ? order by created_at',
        [endpoint.id],
      );
    await vi.waitFor(
      async () => expect((await attempts()).map((a) => a.outcome)).toEqual(['transient', 'delivered']),
      {
        timeout: 45_000,
        interval: 100,
      },
    );
    expect((await attempts()).map((a) => a.provider_config_id)).toEqual(['direct', 'direct']);
    const pages = fake.published.filter((p) => JSON.stringify(p.json).includes('Replication lag'));
    expect(pages).toHaveLength(2);
    expect(pages[1]).toMatchObject({
      authorization: `Bearer ${ACCESS_TOKEN}`,
      json: { topic: 'oncall-db', priority: 5, actions: [{ action: 'view', label: 'Acknowledge' }] },
    });
  });
});
