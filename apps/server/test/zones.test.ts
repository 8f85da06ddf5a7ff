import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminQuery, findPostgres } from '@oncall/db/testing';
import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import { freePort } from '@oncall/testing/free-port';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveListener, listenLive } from './support/live-listener';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

/**
 * A main and an agent zone as two server processes on loopback: the main on PostgreSQL (a database
 * of its own, made here; PGlite when no PostgreSQL answers), the agent on PGlite and, in a second
 * run, on PostgreSQL. The agent is
 * registered on the main and configured with its token; it reaches the main through a TCP proxy
 * the test pauses to cut the link. The agent copies the main's users, teams, endpoints and provider
 * configs; requests to the main naming the zone (`X-Cluster`) are answered by the agent with the
 * caller's permissions there.
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = process.env.TEST_DB === 'pglite' ? undefined : await findPostgres();
const ADMIN_PASSWORD = 'zones-test-admin-password';
const SILENT_AFTER_SECONDS = 3;

interface Running {
  child: ChildProcess;
  base: string;
}

/** The agent runs on PGlite, and on PostgreSQL too when one answers. */
const agentDatabases: ('PGlite' | 'PostgreSQL')[] = adminUrl ? ['PGlite', 'PostgreSQL'] : ['PGlite'];

describe.each(agentDatabases)(
  `zones: a main (${adminUrl ? 'PostgreSQL' : 'PGlite'}) and an agent (%s)`,
  (agentOn) => {
    const dirs: string[] = [];
    const servers: ChildProcess[] = [];
    const dropDatabases: (() => Promise<void>)[] = [];
    let main: Running;
    let agent: Running;
    let hanging: Server;
    /** The agent's only way to its main. */
    let link: TcpProxy;
    let mainVia = '';
    let provider: FakeProviderOne;
    const hangingSockets = new Set<Socket>();
    let mainOwner = '';
    let agentOwner = '';
    let zoneId = '';
    let zoneToken = '';
    /** The databases' URLs when they are on PostgreSQL. */
    let mainDatabaseUrl: string | undefined;
    let agentDatabaseUrl: string | undefined;

    beforeAll(async () => {
      /** A database of its own on the test PostgreSQL, dropped after; none (PGlite) without one. */
      const database = async (role: string): Promise<string | undefined> => {
        if (adminUrl === undefined) return undefined;
        const name = `oncall_zones_${role}_${randomBytes(6).toString('hex')}`;
        await adminQuery(adminUrl, `create database "${name}"`);
        dropDatabases.push(() => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`));
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        return url.toString();
      };
      mainDatabaseUrl = await database('main');
      agentDatabaseUrl = agentOn === 'PostgreSQL' ? await database('agent') : undefined;
      [main, agent] = await Promise.all([
        startServer({
          databaseUrl: mainDatabaseUrl,
          env: { ZONE_SILENT_AFTER_SECONDS: String(SILENT_AFTER_SECONDS) },
        }),
        startServer({
          databaseUrl: agentDatabaseUrl,
          env: {
            ZONE_HEARTBEAT_SECONDS: '1',
            ZONE_MAIN_SILENT_AFTER_SECONDS: '2',
            ZONE_SYNC_SECONDS: '2',
            LIVE_STREAMS_PER_USER: '3',
          },
        }),
      ]);
      link = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(main.base).port) });
      mainVia = `http://127.0.0.1:${link.port}`;
      provider = await startFakeProviderOne();
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
      await link?.close();
      await provider?.close();
      await Promise.all(servers.map((server) => stop(server)));
      for (const drop of dropDatabases) await drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    const startServer = async (options: {
      databaseUrl?: string | undefined;
      env: Record<string, string>;
    }) => {
      const port = await freePort();
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
          // The fake SMS vendor listens on loopback.
          ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
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
      const page = await call(main, 'GET', '/api/v1/skylogs-instance?page=1&perPage=10', {
        token: mainOwner,
      });
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
        body: { type: 'agent', sourceUrl: mainVia, sourceToken: zoneToken },
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
      const status = await call(main, 'GET', `/api/v1/skylogs-instance/status/${zoneId}`, {
        token: mainOwner,
      });
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

    const SMS_TOKEN = 'main-sms-api-token-7731';
    let pagerId = '';
    let smsEndpointId = '';

    it("copies the main's users, endpoints and provider configs to the agent under the same ids", async () => {
      const smsConfig = await call(main, 'POST', '/api/v1/config/sms', {
        token: mainOwner,
        body: {
          name: 'hq sms',
          provider: 'providerOne',
          apiToken: SMS_TOKEN,
          senderNumber: '10004346',
          baseUrl: provider.url,
        },
      });
      expect(smsConfig.status, JSON.stringify(smsConfig.body)).toBe(201);
      const pager = await call(main, 'POST', '/api/v1/user', {
        token: mainOwner,
        body: {
          username: 'fra-pager',
          name: 'Frankfurt pager',
          password: 'fra-pager-password-1',
          confirmPassword: 'fra-pager-password-1',
          role: 'member',
        },
      });
      expect(pager.status, JSON.stringify(pager.body)).toBe(200);
      pagerId = pager.body.id;
      // An SMS endpoint of the main's owner, verified with the code the fake vendor received.
      const number = '09121230001';
      const sent = await call(main, 'POST', '/api/v1/endpoint/sendOTP', {
        token: mainOwner,
        body: { type: 'sms', value: number },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const code = await until(async () => {
        const otp = provider.requests.find((request) => request.query.receptor === number);
        return /(\d{4,8})/.exec(otp?.query.message ?? '')?.[1];
      }, 15_000);
      const endpoint = await call(main, 'POST', '/api/v1/endpoint', {
        token: mainOwner,
        body: { name: 'hq owner sms', type: 'sms', value: number, otpCode: code },
      });
      expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
      smsEndpointId = endpoint.body.id;

      // The agent holds them under the main's ids, the token opened under its own key (shown masked).
      const copied = await until(async () => {
        const user = await call(agent, 'GET', `/api/v1/user/${pagerId}`, { token: agentOwner });
        return user.status === 200 ? user.body : undefined;
      }, 20_000);
      expect(copied).toMatchObject({ id: pagerId, username: 'fra-pager', role: 'member' });
      const copiedEndpoint = await until(async () => {
        const read = await call(agent, 'GET', `/api/v1/endpoint/${smsEndpointId}`, { token: agentOwner });
        return read.status === 200 ? read.body : undefined;
      }, 20_000);
      expect(copiedEndpoint).toMatchObject({ id: smsEndpointId, name: 'hq owner sms', type: 'sms' });
      const configs = await until(async () => {
        const list = await call(agent, 'GET', '/api/v1/config/sms', { token: agentOwner });
        const found = JSON.stringify(list.body).includes(smsConfig.body.id);
        return found ? list.body : undefined;
      }, 20_000);
      expect(JSON.stringify(configs)).toContain(`********${SMS_TOKEN.slice(-4)}`);
      expect(JSON.stringify(configs)).not.toContain(SMS_TOKEN);
      // The copied user signs in at the agent with the password set on the main.
      expect(await login(agent, 'fra-pager', 'fra-pager-password-1')).toEqual(expect.any(String));
    }, 60_000);

    it("pages through the agent's copy of the provider config while the main is out of reach, and catches up after", async () => {
      // The main's owner, as copied to the agent, owns the endpoint and makes the rule there.
      const owner = await login(agent, 'admin', ADMIN_PASSWORD);
      link.pause();
      try {
        const rule = await call(agent, 'POST', '/api/v1/alert-rule', {
          token: owner,
          body: { name: 'fra power', type: 'api', endpointIds: [smsEndpointId] },
        });
        expect(rule.status, JSON.stringify(rule.body)).toBe(200);
        const fired = await fetch(`${agent.base}/api/v1/fire-alert`, {
          method: 'POST',
          headers: { authorization: `Bearer ${rule.body.apiToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ alertname: 'power', instance: 'pdu-1' }),
        });
        expect(fired.status).toBe(200);
        const page = await until(
          async () =>
            provider.requests.find(
              (request) => request.method === 'sms/send' && request.query.message?.includes('fra power'),
            ),
          20_000,
        );
        // Sent with the main's API token, sealed for the zone on the wire and under the agent's key at rest.
        expect(page).toMatchObject({
          apiToken: SMS_TOKEN,
          query: expect.objectContaining({ receptor: '09121230001' }),
        });
        // Meanwhile a user is made on the main: the agent cannot know yet.
        const late = await call(main, 'POST', '/api/v1/user', {
          token: mainOwner,
          body: {
            username: 'fra-late',
            name: 'Late',
            password: 'fra-late-password-1',
            confirmPassword: 'fra-late-password-1',
            role: 'member',
          },
        });
        expect(late.status).toBe(200);
        expect((await call(agent, 'GET', `/api/v1/user/${late.body.id}`, { token: agentOwner })).status).toBe(
          404,
        );
        link.resume();
        const caughtUp = await until(async () => {
          const read = await call(agent, 'GET', `/api/v1/user/${late.body.id}`, { token: agentOwner });
          return read.status === 200 ? read.body : undefined;
        }, 45_000);
        expect(caughtUp).toMatchObject({ username: 'fra-late' });
        // The agent's own rule stays its own: the main never had it.
        const atMain = await call(main, 'GET', '/api/v1/alert-rule?page=1&perPage=100', { token: mainOwner });
        expect(JSON.stringify(atMain.body)).not.toContain('fra power');
      } finally {
        link.resume();
      }
    }, 90_000);

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

      // The same on the tRPC and GraphQL faces: the agent answers, in each face's own shape.
      const trpcThere = await call(
        main,
        'GET',
        `/trpc/alertRules.list?input=${encodeURIComponent(JSON.stringify({ page: 1, perPage: 50 }))}`,
        { token: mainOwner, zone: zoneId },
      );
      expect(trpcThere.status, JSON.stringify(trpcThere.body)).toBe(200);
      expect(JSON.stringify(trpcThere.body.result.data)).toContain('dc-2 disk');
      const graphqlThere = await call(main, 'POST', '/graphql', {
        token: mainOwner,
        zone: zoneId,
        body: { query: '{ alertRules(perPage: 50) { items { name } } }' },
      });
      expect(graphqlThere.status, JSON.stringify(graphqlThere.body)).toBe(200);
      expect(graphqlThere.body.data.alertRules.items).toContainEqual({ name: 'dc-2 disk' });
      const trpcMember = await call(
        main,
        'GET',
        `/trpc/alertRules.get?input=${encodeURIComponent(JSON.stringify({ id: ruleId }))}`,
        {
          token: member,
          zone: zoneId,
        },
      );
      expect(trpcMember.status).toBe(404);
      expect(trpcMember.body.error.data.code).toBe('NOT_FOUND');
      const trpcUnknown = await call(main, 'GET', '/trpc/alertRules.list', {
        token: mainOwner,
        zone: 'no-such-zone',
      });
      expect(trpcUnknown.status).toBe(404);
      expect(trpcUnknown.body.error.data.code).toBe('NOT_FOUND');
      const graphqlUnknown = await call(main, 'POST', '/graphql', {
        token: mainOwner,
        zone: 'no-such-zone',
        body: { query: '{ alertRules { total } }' },
      });
      expect(graphqlUnknown.status).toBe(404);
      expect(graphqlUnknown.body.errors[0].extensions.code).toBe('NOT_FOUND');

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

    it("streams the live feed of the zone a subscriber of the main follows, with the caller's permissions there", async () => {
      const password = 'zones-member-password-1';
      const member = await login(main, 'zones-member', password);
      // The agent made its own 'zones-member' before the main did; until the main's user is copied
      // there (the agent's own one renamed), a sign-in at the agent is the agent's own user, whose
      // rules the main's member, asserted by id, does not own.
      const memberId: string = (await call(main, 'GET', '/api/v1/auth/me', { token: member })).body.id;
      await until(async () => {
        const copied = await call(agent, 'GET', `/api/v1/user/${memberId}`, { token: agentOwner });
        return copied.status === 200 && copied.body.username === 'zones-member' ? true : undefined;
      }, 20_000);
      const memberAtAgent = await login(agent, 'zones-member', password);
      const rule = async (token: string, name: string) => {
        const made = await call(agent, 'POST', '/api/v1/alert-rule', { token, body: { name, type: 'api' } });
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        return { id: made.body.id as string, token: made.body.apiToken as string };
      };
      let fires = 0;
      const fire = async (fired: { token: string }) => {
        fires += 1;
        const answer = await fetch(`${agent.base}/api/v1/fire-alert`, {
          method: 'POST',
          headers: { authorization: `Bearer ${fired.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ alertname: 'live', instance: `host-${fires}` }),
        });
        expect(answer.status).toBe(200);
      };
      /** Fires `fired` until `listener` has an event of it: a stream misses what fired before it opened. */
      const fireUntilSeen = (fired: { id: string; token: string }, listener: LiveListener) =>
        until(async () => {
          if (listener.events.some((event) => event.ruleId === fired.id)) return true;
          await fire(fired);
          return undefined;
        }, 20_000);
      const ownersRule = await rule(agentOwner, 'dc-2 live, the owner');
      const membersRule = await rule(memberAtAgent, 'dc-2 live, the member');

      // The owner follows the zone as the web UI does (the zone a connection param), the member by
      // X-Cluster; a third stream follows the main itself.
      const owner = listenLive(main.base, { token: mainOwner, zone: zoneId });
      const watcher = listenLive(main.base, { token: member, zone: zoneId, via: 'header' });
      const atMain = listenLive(main.base, { token: mainOwner });
      try {
        await fireUntilSeen(ownersRule, owner);
        await fireUntilSeen(membersRule, watcher);
        // Both live now: the owner's alert, then the member's, in commit order. The member's stream
        // gets its own and never the owner's rule, which it may not read on the agent.
        const seen = watcher.events.length;
        await fire(ownersRule);
        await fire(membersRule);
        await until(async () => watcher.events.length > seen || undefined, 20_000);
        expect(watcher.events.every((event) => event.ruleId === membersRule.id)).toBe(true);
        await until(
          async () => owner.events.some((event) => event.ruleId === membersRule.id) || undefined,
          20_000,
        );
        expect(owner.errors).toEqual([]);
        expect(watcher.errors).toEqual([]);
        // The main's own feed has none of the agent's alerts.
        expect(
          atMain.events.filter((event) => [ownersRule.id, membersRule.id].includes(event.ruleId)),
        ).toEqual([]);

        // Resumable: a stream that names the last event it had is replayed what the agent committed since.
        const lastEventId = owner.lastId();
        owner.stop();
        await fire(ownersRule);
        const resumed = listenLive(main.base, { token: mainOwner, zone: zoneId, lastEventId });
        try {
          const replayed = await until(
            async () => resumed.events.find((event) => event.ruleId === ownersRule.id),
            20_000,
          );
          expect(replayed.id > (lastEventId ?? '')).toBe(true);
        } finally {
          resumed.stop();
        }
      } finally {
        owner.stop();
        watcher.stop();
        atMain.stop();
      }

      // A client gone closes the agent's stream: the agent holds LIVE_STREAMS_PER_USER (3) streams of
      // a user at once, and three more open once three closed.
      const opened = await Promise.all([0, 1, 2].map(() => openLive(main, mainOwner, zoneId)));
      expect(opened.map((stream) => stream.status)).toEqual([200, 200, 200]);
      for (const stream of opened) stream.close();
      const reopened = await until(async () => {
        const streams = await Promise.all([0, 1, 2].map(() => openLive(main, mainOwner, zoneId)));
        for (const stream of streams) stream.close();
        return streams.every((stream) => stream.status === 200) || undefined;
      }, 20_000);
      expect(reopened).toBe(true);

      // A zone that is down, or never answers, is a 502 in tRPC's shape, within the 15 s bound.
      const down = await call(main, 'POST', '/api/v1/zones', {
        token: mainOwner,
        body: { name: 'dc-live-down', url: 'http://127.0.0.1:9' },
      });
      const refused = await openLive(main, mainOwner, down.body.zone.id);
      expect(refused.status).toBe(502);
      expect(JSON.parse(await refused.text())).toMatchObject({
        error: { data: { code: 'BAD_GATEWAY' }, message: expect.stringContaining('dc-live-down') },
      });
      const address = hanging.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const silent = await call(main, 'POST', '/api/v1/zones', {
        token: mainOwner,
        body: { name: 'dc-live-hung', url: `http://127.0.0.1:${address.port}` },
      });
      const hung = await openLive(main, mainOwner, silent.body.zone.id);
      expect(hung.status).toBe(502);
      expect(await hung.text()).toMatch(/did not answer within 15 s/);
      for (const made of [down, silent]) {
        await call(main, 'DELETE', `/api/v1/zones/${made.body.zone.id}`, { token: mainOwner });
      }
    }, 90_000);

    it('refuses changes on the agent of what it copied from the main, on every face, and keeps its own rows changeable', async () => {
      // The main's owner, as copied to the agent.
      const owner = await login(agent, 'admin', ADMIN_PASSWORD);
      const rename = { username: 'fra-pager', name: 'Renamed in Frankfurt', role: 'member' };
      const rest = await call(agent, 'PUT', `/api/v1/user/${pagerId}`, { token: owner, body: rename });
      expect(rest.status).toBe(409);
      expect(rest.body).toMatchObject({ code: 'managed_by_main', message: expect.stringContaining('main') });
      const endpoint = await call(agent, 'DELETE', `/api/v1/endpoint/${smsEndpointId}`, { token: owner });
      expect(endpoint.status).toBe(409);
      expect(endpoint.body.code).toBe('managed_by_main');
      const configs = await call(agent, 'GET', '/api/v1/config/sms', { token: owner });
      const copiedConfig = (configs.body as { id: string; name: string }[]).find((c) => c.name === 'hq sms');
      const config = await call(agent, 'DELETE', `/api/v1/config/sms/${copiedConfig?.id}`, { token: owner });
      expect(config.status).toBe(409);
      const trpc = await call(agent, 'POST', '/trpc/users.delete', { token: owner, body: { id: pagerId } });
      expect(trpc.status).toBe(409);
      expect(trpc.body.error.data).toMatchObject({ code: 'CONFLICT', domainCode: 'managed_by_main' });
      const graphql = await call(agent, 'POST', '/graphql', {
        token: owner,
        body: {
          query:
            'mutation ($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { name } }',
          variables: { id: pagerId, input: rename },
        },
      });
      expect(graphql.body.errors?.[0]?.extensions?.code, JSON.stringify(graphql.body)).toBe(
        'MANAGED_BY_MAIN',
      );
      // The same through the main, forwarded: the agent refuses it the same way.
      const forwarded = await call(main, 'PUT', `/api/v1/user/${pagerId}`, {
        token: mainOwner,
        zone: zoneId,
        body: rename,
      });
      expect(forwarded.status).toBe(409);
      expect(forwarded.body.code).toBe('managed_by_main');
      // Nothing changed there.
      expect((await call(agent, 'GET', `/api/v1/user/${pagerId}`, { token: owner })).body.name).toBe(
        'Frankfurt pager',
      );

      // The agent's own rows change, locally and through the main.
      const team = await call(agent, 'POST', '/api/v1/team', {
        token: owner,
        body: { name: 'fra night shift', ownerId: pagerId, userIds: [pagerId] },
      });
      expect(team.status, JSON.stringify(team.body)).toBe(201);
      const renamed = await call(agent, 'PUT', `/api/v1/team/${team.body.id}`, {
        token: owner,
        body: { name: 'fra night', ownerId: pagerId, userIds: [] },
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      const rule = await call(agent, 'POST', '/api/v1/alert-rule', {
        token: owner,
        body: { name: 'fra cooling', type: 'api' },
      });
      const edited = await call(main, 'PUT', `/api/v1/alert-rule/${rule.body.id}`, {
        token: mainOwner,
        zone: zoneId,
        body: { name: 'fra cooling loop', type: 'api' },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const removed = await call(main, 'DELETE', `/api/v1/team/${team.body.id}`, {
        token: mainOwner,
        zone: zoneId,
      });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    }, 90_000);

    // Read in the databases themselves: signing in through a provider needs one, which this test has not.
    it.runIf(agentOn === 'PostgreSQL')(
      "copies the main's users' single sign-on links, so they sign in at the agent as the main's users",
      async () => {
        const issuer = 'https://idp.example';
        await rowsOf(
          mainDatabaseUrl,
          'insert into user_identities (issuer, subject, user_id, created_at) values ($1, $2, $3, now())',
          [issuer, 'subject-fra-pager', pagerId],
        );
        const linked = await until(async () => {
          const rows = await rowsOf(
            agentDatabaseUrl,
            'select user_id from user_identities where subject = $1',
            ['subject-fra-pager'],
          );
          return rows[0]?.user_id;
        }, 20_000);
        expect(linked).toBe(pagerId);
        // Unlinked on the main: unlinked on the agent.
        await rowsOf(mainDatabaseUrl, 'delete from user_identities where subject = $1', [
          'subject-fra-pager',
        ]);
        const gone = await until(async () => {
          const rows = await rowsOf(agentDatabaseUrl, 'select 1 from user_identities where subject = $1', [
            'subject-fra-pager',
          ]);
          return rows.length === 0 || undefined;
        }, 20_000);
        expect(gone).toBe(true);
      },
      60_000,
    );

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
      const atMain = await fetch(`${main.base}/api/v1/alert-rule`, {
        headers: { 'x-zone-assertion': forged },
      });
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
      const unknown = await call(main, 'GET', '/api/v1/alert-rule', {
        token: mainOwner,
        zone: 'no-such-zone',
      });
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
      // Nor sync: a user made on the main after the revocation stays unknown to the agent, which
      // keeps paging with its last copy and, refused, pages that it has lost its main.
      const after = await call(main, 'POST', '/api/v1/user', {
        token: mainOwner,
        body: {
          username: 'after-revoke',
          name: 'After',
          password: 'after-revoke-password-1',
          confirmPassword: 'after-revoke-password-1',
          role: 'member',
        },
      });
      expect(after.status).toBe(200);
      expect(
        await until(
          async () =>
            (await ruleState(agent, agentOwner, 'The main is unreachable')) === 'critical' || undefined,
          20_000,
        ),
      ).toBe(true);
      expect((await call(agent, 'GET', `/api/v1/user/${after.body.id}`, { token: agentOwner })).status).toBe(
        404,
      );
      expect((await call(agent, 'GET', `/api/v1/user/${pagerId}`, { token: agentOwner })).status).toBe(200);

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
        body: { type: 'agent', sourceUrl: mainVia, sourceToken: fresh },
      });
      expect((await call(main, 'GET', '/api/v1/alert-rule', { token: mainOwner, zone: zoneId })).status).toBe(
        200,
      );
      zoneToken = fresh;
      // With the new token the agent copies again.
      const synced = await until(async () => {
        const read = await call(agent, 'GET', `/api/v1/user/${after.body.id}`, { token: agentOwner });
        return read.status === 200 || undefined;
      }, 20_000);
      expect(synced).toBe(true);
    }, 60_000);

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

    it('the main alerts on the silent agent and resolves when the proxy resumes', async () => {
      const mainSide = 'Zone "dc-2" is silent';
      const agentSide = 'The main is unreachable';
      // The owner's SMS endpoint was made after dc-2 was registered: the silence rule pages it too.
      const rules = await call(main, 'GET', '/api/v1/alert-rule?page=1&perPage=100', { token: mainOwner });
      const silenceRule = (rules.body.data as { id: string; name: string }[]).find(
        (r) => r.name === mainSide,
      );
      expect(silenceRule).toBeDefined();
      const paged = await call(main, 'PUT', `/api/v1/alert-rule/${silenceRule?.id}`, {
        token: mainOwner,
        // Its own page at once: an SMS endpoint already paged within the group interval would gather it.
        body: { name: mainSide, type: 'api', endpointIds: [smsEndpointId], groupInterval: 0 },
      });
      expect(paged.status, JSON.stringify(paged.body)).toBe(200);
      const pagesBefore = provider.requests.length;
      // The link is cut: bytes stop flowing both ways, the sockets stay open (a hung link, not a refusal).
      link.pause();
      try {
        expect(
          await until(
            async () => (await ruleState(main, mainOwner, mainSide)) === 'critical' || undefined,
            20_000,
          ),
        ).toBe(true);
        // Paged to the owner on the main, through the main's own provider config.
        const page = await until(
          async () =>
            provider.requests
              .slice(pagesBefore)
              .find((request) => request.method === 'sms/send' && request.query.message?.includes('dc-2')),
          20_000,
        );
        expect(page.query).toMatchObject({ receptor: '09121230001' });
        // The agent, whose heartbeats now hang until their bound, pages locally.
        expect(
          await until(
            async () => (await ruleState(agent, agentOwner, agentSide)) === 'critical' || undefined,
            30_000,
          ),
        ).toBe(true);
      } finally {
        link.resume();
      }

      // The proxy resumes: both sides resolve.
      expect(
        await until(
          async () => (await ruleState(main, mainOwner, mainSide)) === 'resolved' || undefined,
          30_000,
        ),
      ).toBe(true);
      expect(
        await until(
          async () => (await ruleState(agent, agentOwner, agentSide)) === 'resolved' || undefined,
          30_000,
        ),
      ).toBe(true);
    }, 120_000);
  },
);

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

/** A raw `live.events` stream at `server` following `zone`, as the web UI names it (connection params). */
async function openLive(
  server: Running,
  token: string,
  zone: string,
): Promise<{ status: number; text: () => Promise<string>; close: () => void }> {
  const closed = new AbortController();
  const params = encodeURIComponent(JSON.stringify({ token, zone }));
  const response = await fetch(`${server.base}/trpc/live.events?connectionParams=${params}`, {
    signal: closed.signal,
  });
  return {
    status: response.status,
    text: () => response.text(),
    close: () => closed.abort(),
  };
}

/** Rows of a query on one of the test's PostgreSQL databases. */
async function rowsOf(
  url: string | undefined,
  text: string,
  values: unknown[],
): Promise<Record<string, unknown>[]> {
  if (url === undefined) throw new Error('not on PostgreSQL');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
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

/** The state of the rule named `name` on `server`, as `token`'s user lists it. */
async function ruleState(server: Running, token: string, name: string): Promise<string | undefined> {
  const list = await call(server, 'GET', '/api/v1/alert-rule?page=1&perPage=100', { token });
  const rule = (list.body.data as { name: string; state: string }[]).find((r) => r.name === name);
  return rule?.state;
}

/** What `what` answers once it answers something, polled until `ms` has passed; then the test fails. */
async function until<T>(what: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await what();
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await sleep(250);
  }
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
