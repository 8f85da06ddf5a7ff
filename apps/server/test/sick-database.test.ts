import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '@oncall/config';
import { SecretBox } from '@oncall/core';
import { AlertInstance, AlertRule, User } from '@oncall/core/persistence';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningService, startService } from '../src/start';
import { holdEveryConnection } from './support/hold-every-connection';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

const ADMIN_PASSWORD = 'sick-database-admin';
const RECOVERY = { timeout: 30_000, interval: 100 };

/**
 * A PostgreSQL that stops answering (a paused proxy: sockets open, no bytes) or is down (a stopped
 * proxy: sockets closed, connections refused), in front of the real server on 127.0.0.1:5432, and a
 * database whose every connection is busy. Through the real HTTP server: every face answers 503
 * with `Retry-After`, never a 2xx for a write that did not commit and never a 500; `/readyz`
 * answers 503 when the database does not answer it; once the database is back the service recovers
 * and what it had stored is still there.
 *
 * PGlite runs in process, with no network between the service and its data: the paused and stopped
 * database cannot exist there, so those cases are skipped on it. The busy case runs on both.
 */
describe('a sick database', () => {
  let database: TestDatabase;
  let proxy: TcpProxy | undefined;
  let service: RunningService | undefined;
  let base = '';
  let dataDir = '';
  let token = '';
  let ruleId = '';
  let accessToken = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'oncall-sick-db-'));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD,
      INGEST_MAX_PER_TOKEN_PER_MINUTE: '100000',
      DB_CONNECT_TIMEOUT_MS: '500',
      DB_STATEMENT_TIMEOUT_MS: '1000',
      INGEST_FIRE_QUEUE_WAIT_MS: '1500',
      READINESS_TIMEOUT_MS: '500',
      HTTP_REQUEST_TIMEOUT_MS: '4000',
    };
    if (database.target.kind === 'postgres') {
      const url = new URL(database.target.url);
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.port = String(proxy.port);
      env.DATABASE_URL = url.toString();
    }
    const config = loadConfig(env);
    service = await startService(config);
    await service.app.listen({ host: '127.0.0.1', port: 0 });
    const address = service.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    ({ token, ruleId } = await seedRule(service.db.orm, new SecretBox(config.encryptionKey)));
    const login = await post('/api/v1/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    accessToken = (await login.json()).accessToken;
  }, 60_000);

  afterAll(async () => {
    proxy?.resume();
    await proxy?.start().catch(() => undefined);
    await service?.stop();
    await proxy?.close();
    await database.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown, bearer?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const get = (path: string, bearer?: string) =>
    fetch(`${base}${path}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  const fire = (instance: string) => post('/api/v1/fire-alert', { alertname: 'disk', instance }, token);
  const storedInstances = async () =>
    (await database.db.orm.em.fork().find(AlertInstance, { rule: ruleId })).map((i) => i.instance).sort();

  /** What a caller sees of a write or read while the database is sick: 503, `Retry-After`, a clear code. */
  const expectUnavailable = async (response: Response) => {
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  };

  const expectEveryFaceUnavailable = async () => {
    const fires = await Promise.all(['down-1', 'down-2', 'down-3', 'stored-1'].map(fire));
    for (const response of fires) {
      await expectUnavailable(response);
      expect((await response.json()).code).toBe('unavailable');
    }
    const rest = await get('/api/v1/team/all', accessToken);
    await expectUnavailable(rest);
    expect((await rest.json()).code).toBe('unavailable');
    const trpc = await get('/trpc/auth.me', accessToken);
    await expectUnavailable(trpc);
    expect((await trpc.json()).error.data.domainCode).toBe('unavailable');
    const graphql = await post('/graphql', { query: '{ me { username } }' }, accessToken);
    await expectUnavailable(graphql);
    expect((await graphql.json()).errors[0].extensions.code).toBe('UNAVAILABLE');
    expect((await get('/readyz')).status).toBe(503);
    expect((await get('/healthz')).status).toBe(200);
  };

  const expectRecovered = async () => {
    await vi.waitFor(async () => expect((await get('/readyz')).status).toBe(200), RECOVERY);
    await vi.waitFor(async () => expect((await fire('after')).status).toBe(200), RECOVERY);
    // What was stored before is still there; a fire that answered 503 may have been stored or not,
    // and sending it again is always right: it answers as any fire of a stored instance would.
    expect(await (await fire('stored-1')).json()).toEqual({ status: true, message: 'Already Active' });
    expect(await storedInstances()).toEqual(expect.arrayContaining(['after', 'stored-1']));
    expect((await get('/api/v1/team/all', accessToken)).status).toBe(200);
  };

  it('answers 503 with Retry-After on every face while PostgreSQL stops answering, then recovers', async (ctx) => {
    if (!proxy) return ctx.skip();
    expect(await (await fire('stored-1')).json()).toEqual({ status: true, message: 'Activated' });
    proxy.pause();
    try {
      await expectEveryFaceUnavailable();
    } finally {
      proxy.resume();
    }
    await expectRecovered();
  }, 60_000);

  it('answers 503 with Retry-After on every face while PostgreSQL is down, then recovers', async (ctx) => {
    if (!proxy) return ctx.skip();
    await proxy.stop();
    try {
      await expectEveryFaceUnavailable();
    } finally {
      await proxy.start();
    }
    await expectRecovered();
  }, 60_000);

  it('answers writes 503 when no connection is free in time, and /readyz probes on a connection of its own', async () => {
    if (!service) throw new Error('the service did not start');
    const kind = service.db.kind;
    const held = await holdEveryConnection(service.db.orm as MikroORM, kind, RECOVERY);
    try {
      const response = await fire('busy');
      await expectUnavailable(response);
      expect((await response.json()).code).toBe('unavailable');
      // PostgreSQL answers the probe on its own connection; PGlite is one session, and it is busy.
      expect((await get('/readyz')).status).toBe(kind === 'postgres' ? 200 : 503);
    } finally {
      held.release();
      await held.done;
    }
    expect(await (await fire('after-busy')).json()).toEqual({ status: true, message: 'Activated' });
  }, 60_000);

  it('gives a client a bounded time to send its whole request', () => {
    // Node's HTTP server enforces it (408, then the socket is closed), checking every 30 s.
    expect(service?.app.server.requestTimeout).toBe(4000);
  });

  it('stops cleanly while PostgreSQL does not answer', async (ctx) => {
    if (!proxy || !service) return ctx.skip();
    proxy.pause();
    const running = service;
    service = undefined;
    await running.stop();
  }, 60_000);
});

async function seedRule(orm: MikroORM, box: SecretBox): Promise<{ token: string; ruleId: string }> {
  const em = orm.em.fork();
  const admin = await em.findOneOrFail(User, { isSystemAdmin: true });
  const token = `ak_${randomBytes(32).toString('base64url')}`;
  const rule = em.create(AlertRule, {
    name: 'Disk full',
    type: 'api',
    owner: admin,
    settings: {},
    tokenHash: box.lookupHash(token),
    sealedToken: box.encrypt(token),
  });
  await em.flush();
  return { token, ruleId: rule.id };
}
