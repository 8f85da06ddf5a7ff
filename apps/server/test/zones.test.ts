import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminQuery, findPostgres } from '@oncall/db/testing';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A main and an agent zone as two server processes on loopback: the main on PostgreSQL (a database
 * of its own, made here; PGlite when no PostgreSQL answers), the agent on PGlite. The agent is
 * registered on the main and configured with its token; requests to the main naming the zone
 * (`X-Cluster`) are answered by the agent with the caller's permissions there.
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = process.env.TEST_DB === 'pglite' ? undefined : await findPostgres();
const ADMIN_PASSWORD = 'zones-test-admin-password';
const SILENT_AFTER_SECONDS = 3;

interface Running {
  child: ChildProcess;
  base: string;
}

describe(`zones: a main (${adminUrl ? 'PostgreSQL' : 'PGlite'}) and an agent (PGlite)`, () => {
  const dirs: string[] = [];
  const servers: ChildProcess[] = [];
  let dropDatabase: () => Promise<void> = async () => undefined;
  let main: Running;
  let agent: Running;
  let hanging: Server;
  const hangingSockets = new Set<Socket>();
  let mainOwner = '';
  let agentOwner = '';
  let zoneId = '';
  let zoneToken = '';

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (adminUrl !== undefined) {
      const name = `oncall_zones_main_${randomBytes(6).toString('hex')}`;
      await adminQuery(adminUrl, `create database "${name}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    }
    [main, agent] = await Promise.all([
      startServer({ databaseUrl, env: { ZONE_SILENT_AFTER_SECONDS: String(SILENT_AFTER_SECONDS) } }),
      startServer({ env: { ZONE_HEARTBEAT_SECONDS: '1', ZONE_MAIN_SILENT_AFTER_SECONDS: '2' } }),
    ]);
    mainOwner = await login(main, 'admin', ADMIN_PASSWORD);
    agentOwner = await login(agent, 'admin', ADMIN_PASSWORD);
    // A zone that takes connections and never answers.
    hanging = createServer((socket) => {
      hangingSockets.add(socket);
      socket.on('close', () => hangingSockets.delete(socket));
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  }, 180_000);

  afterAll(async () => {
    for (const socket of hangingSockets) socket.destroy();
    await new Promise((resolve) => hanging?.close(resolve));
    await Promise.all(servers.map((server) => stop(server)));
    await dropDatabase();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const startServer = async (options: { databaseUrl?: string | undefined; env: Record<string, string> }) => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'oncall-zones-'));
    dirs.push(dataDir);
    const { DATABASE_URL: _url, DATA_DIR: _dir, ...env } = process.env;
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        JWT_SECRET: randomBytes(32).toString('hex'),
        ADMIN_PASSWORD,
        LOG_LEVEL: 'error',
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    servers.push(child);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (await healthy(base)) return { child, base };
      await sleep(200);
    }
  };

  it('registers an agent: its token is shown once, listed masked, and names the zone', async () => {
    const registered = await call(main, 'POST', '/api/v1/zones', {
      token: mainOwner,
      body: { name: 'dc-2', url: agent.base },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    zoneId = registered.body.zone.id;
    zoneToken = registered.body.token;
    expect(zoneToken).toMatch(new RegExp(`^zt_${zoneId}\\.`));
    expect(registered.body.zone).toMatchObject({
      name: 'dc-2',
      url: agent.base,
      revoked: false,
      connected: false,
    });

    const list = await call(main, 'GET', '/api/v1/zones', { token: mainOwner });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(zoneToken);
    expect(list.body).toEqual([
      expect.objectContaining({ id: zoneId, token: `********${zoneToken.slice(-4)}` }),
    ]);
    const single = await call(main, 'GET', `/api/v1/zones/${zoneId}`, { token: mainOwner });
    expect(JSON.stringify(single.body)).not.toContain(zoneToken);

    // The zone picker and the Clusters page list it after the main, in their legacy shape.
    const picker = await call(main, 'GET', '/api/v1/skylogs-instance/all', { token: mainOwner });
    expect(picker.body).toEqual([
      { id: 'main', name: 'main', type: 'main', url: main.base },
      { id: zoneId, name: 'dc-2', type: 'agent', url: agent.base },
    ]);
    const page = await call(main, 'GET', '/api/v1/skylogs-instance?page=1&perPage=10', { token: mainOwner });
    expect(page.body).toMatchObject({ total: 2, data: [{ id: 'main' }, { id: zoneId }] });

    // Only owners register; members do not even list.
    const member = await memberOn(main, 'zones-manager', 'manager');
    expect(
      (await call(main, 'POST', '/api/v1/zones', { token: member, body: { name: 'x', url: 'http://x' } }))
        .status,
    ).toBe(403);
    expect((await call(main, 'GET', '/api/v1/zones', { token: member })).status).toBe(200);

    // The agent follows the main with that token.
    const configured = await call(agent, 'POST', '/api/v1/config/core/cluster', {
      token: agentOwner,
      body: { type: 'agent', sourceUrl: main.base, sourceToken: zoneToken },
    });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
  });

  it('hears the agent: connected, its version and lag', async () => {
    const deadline = Date.now() + 15_000;
    let zone: { connected: boolean; version: string | null; lagMs: number | null } | undefined;
    while (Date.now() < deadline) {
      zone = (await call(main, 'GET', `/api/v1/zones/${zoneId}`, { token: mainOwner })).body;
      if (zone?.connected) break;
      await sleep(250);
    }
    expect(zone).toMatchObject({ connected: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(zone?.lagMs).toBeGreaterThanOrEqual(0);
    const status = await call(main, 'GET', `/api/v1/skylogs-instance/status/${zoneId}`, { token: mainOwner });
    expect(status.body).toEqual({ isConnected: true });
    // The same state on the tRPC and GraphQL faces.
    const trpc = await call(main, 'GET', '/trpc/zones.list', { token: mainOwner });
    expect(trpc.body.result.data).toEqual([expect.objectContaining({ id: zoneId, connected: true })]);
    const graphql = await call(main, 'POST', '/graphql', {
      token: mainOwner,
      body: { query: '{ zones { id name connected version lagMs } }' },
    });
    expect(graphql.body.data.zones).toEqual([
      expect.objectContaining({ id: zoneId, name: 'dc-2', connected: true, version: zone?.version }),
    ]);
  });

  it("forwards reads and an acknowledgement with the caller's permissions on the agent", async () => {
    // On the agent: a rule only its owner sees, firing; the member exists there by username.
    const created = await call(agent, 'POST', '/api/v1/alert-rule', {
      token: agentOwner,
      body: { name: 'dc-2 disk', type: 'api' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const ruleId: string = created.body.id;
    const fired = await fetch(`${agent.base}/api/v1/fire-alert`, {
      method: 'POST',
      headers: { authorization: `Bearer ${created.body.apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ alertname: 'disk', instance: 'db-1' }),
    });
    expect(fired.status).toBe(200);
    await memberOn(agent, 'zones-member', 'member');
    const member = await memberOn(main, 'zones-member', 'member');

    // The owner on the main reads the agent's rules through the zone: the main has none of them.
    const here = await call(main, 'GET', '/api/v1/alert-rule?page=1&perPage=50', { token: mainOwner });
    expect(JSON.stringify(here.body)).not.toContain('dc-2 disk');
    const there = await call(main, 'GET', '/api/v1/alert-rule?page=1&perPage=50', {
      token: mainOwner,
      zone: zoneId,
    });
    expect(there.status, JSON.stringify(there.body)).toBe(200);
    expect(JSON.stringify(there.body)).toContain('dc-2 disk');

    // The member cannot reach the rule it cannot see on the agent, nor acknowledge it.
    const memberList = await call(main, 'GET', '/api/v1/alert-rule?page=1&perPage=50', {
      token: member,
      zone: zoneId,
    });
    expect(memberList.status).toBe(200);
    expect(JSON.stringify(memberList.body)).not.toContain('dc-2 disk');
    expect(
      (await call(main, 'GET', `/api/v1/alert-rule/${ruleId}`, { token: member, zone: zoneId })).status,
    ).toBe(404);
    const refused = await call(main, 'POST', `/api/v1/alert-rule/acknowledge/${ruleId}`, {
      token: member,
      zone: zoneId,
    });
    expect(refused.status).toBe(404);

    // The owner acknowledges it through the main; the agent's own answer says so.
    const ack = await call(main, 'POST', `/api/v1/alert-rule/acknowledge/${ruleId}`, {
      token: mainOwner,
      zone: zoneId,
    });
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    expect(ack.body).toEqual({ status: true, message: 'Alert rule acknowledged.' });
    const again = await call(agent, 'POST', `/api/v1/alert-rule/acknowledge/${ruleId}`, {
      token: agentOwner,
    });
    expect(again.body).toEqual({ status: false, message: 'Alert rule already acknowledged.' });
  });

  it('grants nothing to the zone token but heartbeats, and takes no forged or foreign assertion', async () => {
    // The zone token on the main's routes, and on the agent's.
    expect((await call(main, 'GET', '/api/v1/alert-rule', { token: zoneToken })).status).toBe(401);
    expect((await call(main, 'GET', '/api/v1/zones', { token: zoneToken })).status).toBe(401);
    expect((await call(agent, 'GET', '/api/v1/alert-rule', { token: zoneToken })).status).toBe(401);
    // An assertion signed with another key, or for another zone, is refused by the agent.
    const forged = await new SignJWT({ username: 'admin', role: 'owner', sa: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('oncall-main')
      .setSubject('00000000-0000-0000-0000-000000000000')
      .setAudience(zoneId)
      .setIssuedAt()
      .setExpirationTime('60s')
      .setJti('forged')
      .sign(randomBytes(32));
    const withForged = await fetch(`${agent.base}/api/v1/alert-rule`, {
      headers: { 'x-zone-assertion': forged },
    });
    expect(withForged.status).toBe(401);
    // The main takes no assertion at all (it follows no main).
    const atMain = await fetch(`${main.base}/api/v1/alert-rule`, { headers: { 'x-zone-assertion': forged } });
    expect(atMain.status).toBe(401);
    // Another zone's assertion: a second zone registered at the same agent's address is refused
    // there, since the agent takes only assertions signed for its own zone.
    const other = await call(main, 'POST', '/api/v1/zones', {
      token: mainOwner,
      body: { name: 'dc-2-impostor', url: agent.base },
    });
    const crossed = await call(main, 'GET', '/api/v1/alert-rule', {
      token: mainOwner,
      zone: other.body.zone.id,
    });
    expect(crossed.status).toBe(401);
    await call(main, 'DELETE', `/api/v1/zones/${other.body.zone.id}`, { token: mainOwner });
    // An unknown zone is a 404, as before.
    const unknown = await call(main, 'GET', '/api/v1/alert-rule', { token: mainOwner, zone: 'no-such-zone' });
    expect(unknown.status).toBe(404);
  });

  it('refuses a revoked token: no heartbeat, no forwarding; a rotated one works again', async () => {
    const revoked = await call(main, 'POST', `/api/v1/zones/${zoneId}/revoke-token`, { token: mainOwner });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ revoked: true, token: '', connected: false });
    const beat = await call(main, 'POST', '/api/v1/zones/heartbeat', {
      token: zoneToken,
      body: { version: '0.1.0', sentAt: new Date().toISOString() },
    });
    expect(beat.status).toBe(401);
    const forwarded = await call(main, 'GET', '/api/v1/alert-rule', { token: mainOwner, zone: zoneId });
    expect(forwarded.status).toBe(409);

    const rotated = await call(main, 'POST', `/api/v1/zones/${zoneId}/rotate-token`, { token: mainOwner });
    expect(rotated.status).toBe(200);
    const fresh: string = rotated.body.token;
    expect(fresh).not.toBe(zoneToken);
    // The agent still holds the old token: the main's assertions no longer verify there.
    expect((await call(main, 'GET', '/api/v1/alert-rule', { token: mainOwner, zone: zoneId })).status).toBe(
      401,
    );
    await call(agent, 'POST', '/api/v1/config/core/cluster', {
      token: agentOwner,
      body: { type: 'agent', sourceUrl: main.base, sourceToken: fresh },
    });
    expect((await call(main, 'GET', '/api/v1/alert-rule', { token: mainOwner, zone: zoneId })).status).toBe(
      200,
    );
    zoneToken = fresh;
  });

  it('answers 502 within the bound for a zone that is down or never answers', async () => {
    const down = await call(main, 'POST', '/api/v1/zones', {
      token: mainOwner,
      body: { name: 'dc-down', url: 'http://127.0.0.1:9' },
    });
    const refused = await call(main, 'GET', '/api/v1/alert-rule', {
      token: mainOwner,
      zone: down.body.zone.id,
    });
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({
      code: 'zone_unreachable',
      message: expect.stringContaining('dc-down'),
    });

    const address = hanging.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const silent = await call(main, 'POST', '/api/v1/zones', {
      token: mainOwner,
      body: { name: 'dc-hung', url: `http://127.0.0.1:${address.port}` },
    });
    const started = Date.now();
    const hung = await call(main, 'GET', '/api/v1/alert-rule', {
      token: mainOwner,
      zone: silent.body.zone.id,
    });
    const took = Date.now() - started;
    expect(hung.status).toBe(502);
    expect(hung.body.message).toMatch(/did not answer within 15 s/);
    expect(took).toBeGreaterThanOrEqual(14_500);
    expect(took).toBeLessThan(17_000);
  }, 30_000);

  it('alerts on a silent agent through its silence rule and resolves when it is heard again', async () => {
    const registered = await call(main, 'POST', '/api/v1/zones', {
      token: mainOwner,
      body: { name: 'dc-quiet', url: 'http://127.0.0.1:9' },
    });
    const quiet: string = registered.body.zone.id;
    const rules = await call(main, 'GET', '/api/v1/alert-rule?page=1&perPage=50', { token: mainOwner });
    const rule = (rules.body.data as { id: string; name: string }[]).find(
      (r) => r.name === 'Zone "dc-quiet" is silent',
    );
    expect(rule).toBeDefined();
    const ruleId = rule?.id ?? '';
    const firing = async () => {
      const read = await call(main, 'GET', `/api/v1/alert-rule/${ruleId}`, { token: mainOwner });
      return read.body.state as string;
    };
    let zone = registered.body.zone;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !zone.silent) {
      await sleep(250);
      zone = (await call(main, 'GET', `/api/v1/zones/${quiet}`, { token: mainOwner })).body;
    }
    expect(zone.silent).toBe(true);
    expect(await firing()).toBe('critical');

    // Heard again: the silence resolves.
    const beat = await call(main, 'POST', '/api/v1/zones/heartbeat', {
      token: registered.body.token,
      body: { version: '9.9.9', sentAt: new Date().toISOString() },
    });
    expect(beat.status, JSON.stringify(beat.body)).toBe(200);
    zone = (await call(main, 'GET', `/api/v1/zones/${quiet}`, { token: mainOwner })).body;
    expect(zone).toMatchObject({ silent: false, connected: true, version: '9.9.9' });
    expect(await firing()).toBe('resolved');
    // The live agent, heard every second, never went silent.
    expect((await call(main, 'GET', `/api/v1/zones/${zoneId}`, { token: mainOwner })).body.silent).toBe(
      false,
    );
  }, 40_000);

  it('when the link is cut, the agent pages locally and the main alerts on the agent; both resolve when it returns', async () => {
    const ruleState = async (server: Running, token: string, name: string) => {
      const list = await call(server, 'GET', '/api/v1/alert-rule?page=1&perPage=100', { token });
      const rule = (list.body.data as { name: string; state: string }[]).find((r) => r.name === name);
      return rule?.state;
    };
    const until = async (what: () => Promise<boolean>, ms: number) => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if (await what()) return true;
        await sleep(250);
      }
      return what();
    };
    const mainSide = 'Zone "dc-2" is silent';
    const agentSide = 'The main is unreachable';
    // The link is cut: the agent's main is now an address where nothing listens.
    const cut = await call(agent, 'POST', '/api/v1/config/core/cluster', {
      token: agentOwner,
      body: { type: 'agent', sourceUrl: 'http://127.0.0.1:9', sourceToken: zoneToken },
    });
    expect(cut.status).toBe(200);
    expect(
      await until(async () => (await ruleState(agent, agentOwner, agentSide)) === 'critical', 15_000),
    ).toBe(true);
    expect(await until(async () => (await ruleState(main, mainOwner, mainSide)) === 'critical', 15_000)).toBe(
      true,
    );

    // The link is back.
    await call(agent, 'POST', '/api/v1/config/core/cluster', {
      token: agentOwner,
      body: { type: 'agent', sourceUrl: main.base, sourceToken: zoneToken },
    });
    expect(
      await until(async () => (await ruleState(agent, agentOwner, agentSide)) === 'resolved', 15_000),
    ).toBe(true);
    expect(await until(async () => (await ruleState(main, mainOwner, mainSide)) === 'resolved', 15_000)).toBe(
      true,
    );
  }, 60_000);
});

async function call(
  server: Running,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; zone?: string } = {},
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read as JSON of many shapes
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.zone) headers['x-cluster'] = options.zone;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.base}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body };
}

async function login(server: Running, username: string, password: string): Promise<string> {
  const answer = await call(server, 'POST', '/api/v1/auth/login', { body: { username, password } });
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return answer.body.accessToken;
}

/** A user of the role on `server` (made by its admin), signed in. */
async function memberOn(server: Running, username: string, role: 'manager' | 'member'): Promise<string> {
  const admin = await login(server, 'admin', ADMIN_PASSWORD);
  const password = `${username}-password-1`;
  const made = await call(server, 'POST', '/api/v1/user', {
    token: admin,
    body: { username, name: username, password, confirmPassword: password, role },
  });
  if (made.status !== 200 && made.status !== 422) throw new Error(`user: ${JSON.stringify(made.body)}`);
  return login(server, username, password);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

async function healthy(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/healthz`)).ok;
  } catch {
    return false;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
