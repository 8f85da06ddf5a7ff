import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@oncall/config';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningService, startService } from '../src/start';
import { startWatchdog } from '../src/watchdog/watchdog';

const ADMIN_PASSWORD = 'self-monitoring-admin';
const WAIT = { timeout: 30_000, interval: 200 };

/** The value of one series in the exposition text, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A local HTTP server standing in for Healthchecks: it records every ping's path. */
async function pingReceiver(status = 200) {
  const pings: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    pings.push(`${request.method} ${request.url}`);
    response.statusCode = status;
    response.end('OK');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { pings, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * The service watches itself: `/metrics` has its scheduled checks' runs and failures by source
 * type, heartbeats by state and how long due work waits; with `WATCHDOG_URL` it pings an
 * external heartbeat while it runs and stops when it stops.
 */
describe('the service watching itself', () => {
  let database: TestDatabase;
  let service: RunningService | undefined;
  let receiver: Awaited<ReturnType<typeof pingReceiver>>;
  let base = '';
  let workDir = '';
  let accessToken = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await pingReceiver();
    workDir = mkdtempSync(join(tmpdir(), 'oncall-self-monitoring-'));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: join(workDir, 'data'),
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD,
      WATCHDOG_URL: `${receiver.url}/ping/5f1c0a4e-secret-uuid`,
      WATCHDOG_INTERVAL_SECONDS: '1',
    };
    if (database.target.kind === 'postgres') env.DATABASE_URL = database.target.url;
    service = await startService(loadConfig(env));
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
    await receiver?.close();
    await database.dispose();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response.json();
  };
  const metrics = async () => (await fetch(`${base}/metrics`)).text();

  it('counts evaluation runs and failures by source type, and shows heartbeats and due work', async () => {
    // Nothing listens on the data source's port: every run of its rule fails.
    const source = await post('/api/v1/data-source', {
      name: 'gone',
      type: 'prometheus',
      url: 'http://127.0.0.1:9',
    });
    await post('/api/v1/alert-rule', {
      type: 'prometheus',
      name: 'on a source that is gone',
      queryType: 'textQuery',
      queryText: 'up == 0',
      queryObject: { interval: '1s', timeout: '1s' },
      dataSourceIds: [source.id],
    });
    const heartbeat = await post('/api/v1/alert-rule', {
      type: 'heartbeat',
      name: 'nightly backup',
      scheduleKind: 'interval',
      periodSeconds: 3600,
      graceSeconds: 600,
    });
    const errors = 'oncall_check_runs_total{kind="rule",source_type="prometheus",outcome="error"}';
    let first = 0;
    await vi.waitFor(async () => {
      first = sample(await metrics(), errors) ?? 0;
      expect(first).toBeGreaterThanOrEqual(1);
    }, WAIT);
    // The counter moves with each run.
    await vi.waitFor(async () => {
      expect(sample(await metrics(), errors)).toBeGreaterThan(first);
    }, WAIT);

    const pinged = await fetch(`${base}/api/v1/heartbeat/${heartbeat.apiToken}`);
    expect(pinged.status).toBe(200);
    await vi.waitFor(async () => {
      const text = await metrics();
      expect(sample(text, 'oncall_heartbeats{state="up"}')).toBe(1);
      expect(sample(text, 'oncall_heartbeats{state="down"}')).toBe(0);
      // The check loop keeps up: what is due is taken within moments.
      expect(sample(text, 'oncall_due_work_oldest_age_seconds{work="check"}')).toBeLessThan(30);
      expect(sample(text, 'oncall_due_work_oldest_age_seconds{work="heartbeat"}')).toBe(0);
    }, WAIT);
  });

  it('pings the watchdog URL on its interval', async () => {
    await vi.waitFor(() => expect(receiver.pings.length).toBeGreaterThanOrEqual(2), WAIT);
    expect(new Set(receiver.pings)).toEqual(new Set(['GET /ping/5f1c0a4e-secret-uuid']));
  });
});

describe('the watchdog', () => {
  it('reports a failed ping by the URL origin only, and stops pinging when stopped', async () => {
    const receiver = await pingReceiver(500);
    const failures: string[] = [];
    const watchdog = startWatchdog({
      url: `${receiver.url}/ping/secret-uuid?token=hidden`,
      intervalMs: 100,
      onFailure: (message) => failures.push(message),
    });
    try {
      await vi.waitFor(() => expect(failures.length).toBeGreaterThanOrEqual(2), WAIT);
      expect(failures[0]).toBe(`The watchdog ping to ${receiver.url} answered HTTP 500.`);
      await watchdog.stop();
      const after = receiver.pings.length;
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(receiver.pings.length).toBe(after);
    } finally {
      await watchdog.stop();
      await receiver.close();
    }
    const refused = await pingReceiver();
    await refused.close();
    const unreachable: string[] = [];
    const down = startWatchdog({
      url: `${refused.url}/ping/secret-uuid`,
      intervalMs: 60_000,
      onFailure: (message) => unreachable.push(message),
    });
    try {
      await vi.waitFor(() => expect(unreachable).toHaveLength(1), WAIT);
      expect(unreachable[0]).toBe(`The watchdog ping to ${refused.url} failed: ECONNREFUSED.`);
      expect(unreachable[0]).not.toContain('secret');
    } finally {
      await down.stop();
    }
  });
});
