import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@oncall/config';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningService, startService } from '../src/start';

const ADMIN_PASSWORD = 'temporal-engine-role-admin';

/**
 * With Temporal, the worker (`apps/worker`) runs workflows and activities only: the heartbeat
 * monitor, the scheduled checks and the provider-health check run in the server started with
 * `ENGINE_WORKERS=true`, the engine role, on this driver as on the embedded one. This server is
 * that role over a Temporal address nothing answers (the outbox only retries): a heartbeat past its
 * deadline still goes down, by the monitor of this process. PostgreSQL only: Temporal needs it.
 */
describe('the engine role on Temporal', () => {
  let database: TestDatabase;
  let service: RunningService | undefined;
  let base = '';
  let workDir = '';
  let accessToken = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.target.kind !== 'postgres') return;
    workDir = mkdtempSync(join(tmpdir(), 'oncall-temporal-engine-'));
    service = await startService(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: join(workDir, 'data'),
        LOG_LEVEL: 'silent',
        ADMIN_PASSWORD,
        DATABASE_URL: database.target.url,
        TEMPORAL_ADDRESS: '127.0.0.1:1',
        ENGINE_WORKERS: 'true',
      }),
    );
    await service.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    accessToken = (await login.json()).accessToken;
  }, 60_000);

  afterAll(async () => {
    await service?.stop();
    await database.dispose();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('runs the heartbeat monitor: a missed deadline goes down', async ({ skip }) => {
    if (!service) return skip('no PostgreSQL: the Temporal driver needs it');
    const created = await fetch(`${base}/api/v1/alert-rule`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        type: 'heartbeat',
        name: 'Temporal-side job',
        scheduleKind: 'interval',
        periodSeconds: 1,
        graceSeconds: 0,
      }),
    });
    expect(created.status).toBe(200);
    const { id, apiToken } = (await created.json()) as { id: string; apiToken: string };
    expect((await fetch(`${base}/api/v1/heartbeat/${apiToken}`)).status).toBe(200);
    await vi.waitFor(
      async () => {
        const read = await fetch(`${base}/api/v1/alert-rule/${id}`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        expect((await read.json()).state).toBe('critical');
      },
      { timeout: 20_000, interval: 200 },
    );
  });
});
