import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SecretBox } from '@oncall/core';
import { AlertRule, Endpoint, ProviderConfig, sealJson, User } from '@oncall/core/persistence';
import { type DatabaseTarget, migrate, openDatabase } from '@oncall/db';
import { adminQuery, findPostgres } from '@oncall/db/testing';
import { type FakeProviderOne, hangReply, startFakeProviderOne } from '@oncall/fakes';
import { freePort } from '@oncall/testing/free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `kill -9` of the server that answered fires under load: every fire it answered 2xx is paged, each
 * within 10 s of the death (PostgreSQL: a second server process on the same database takes over) or
 * of the restart (PGlite: one process; the restarted one takes over at start). A page the vendor
 * accepted but the dead process never recorded is sent again under the same idempotency key: the
 * only duplicates, counted and bounded by the sends made just before the kill.
 */

const TAKEOVER_BOUND_MS = 10_000;
/** How long after SIGKILL a send the dead process had already written may still reach the vendor. */
const DEATH_SETTLE_MS = 500;
const FIRES_PER_SECOND = 150;
const FIRING_MS = 2_000;
const IN_FLIGHT = 32;
/** Sends the vendor holds unanswered from shortly before the kill: surely in flight when it lands. */
const HELD = 5;
const MAX_FIRES = 3_000;
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const KEY = randomBytes(32);
const JWT_SECRET = randomBytes(32).toString('hex');

const adminUrl = process.env.TEST_DB === 'pglite' ? undefined : await findPostgres();
const onPostgres = adminUrl !== undefined;

interface Page {
  readonly instance: string;
  readonly at: number;
  /** Held unanswered by the vendor: not accepted. */
  readonly held: boolean;
}

describe(`kill -9 under load (${onPostgres ? 'PostgreSQL, a second process' : 'PGlite, a restart'})`, () => {
  let provider: FakeProviderOne;
  let dataDir: string;
  let databaseUrl = '';
  let dropDatabase: () => Promise<void> = async () => undefined;
  let token = '';
  let heldFrom = Number.POSITIVE_INFINITY;
  const servers: ChildProcess[] = [];
  const pages: Page[] = [];
  let seen = 0;
  let watcher: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    provider = await startFakeProviderOne();
    dataDir = mkdtempSync(join(tmpdir(), 'oncall-kill-'));
    let target: DatabaseTarget = { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
    if (adminUrl !== undefined) {
      const name = `oncall_kill_${randomBytes(6).toString('hex')}`;
      await adminQuery(adminUrl, `create database "${name}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
      target = { kind: 'postgres', url: databaseUrl };
    }
    token = await seed(target, provider);
    // Each page stamped when the vendor got it (to 20 ms).
    watcher = setInterval(() => {
      for (; seen < provider.requests.length; seen += 1) {
        const message = provider.requests[seen]?.query.message ?? '';
        const held = seen >= heldFrom && seen < heldFrom + HELD;
        pages.push({ instance: /\bi-w?\d+\b/.exec(message)?.[0] ?? '', at: Date.now(), held });
      }
    }, 20);
  }, 120_000);
  afterAll(async () => {
    clearInterval(watcher);
    await Promise.all(servers.map((server) => stop(server, 'SIGTERM')));
    await provider.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const startServer = async (): Promise<{ child: ChildProcess; base: string }> => {
    const port = await freePort();
    const { DATABASE_URL: _url, DATA_DIR: _dir, ...env } = process.env;
    const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ENCRYPTION_KEY: KEY.toString('hex'),
        JWT_SECRET,
        ADMIN_PASSWORD: 'kill-test-admin-password',
        ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
        INGEST_MAX_PER_TOKEN_PER_MINUTE: '1000000',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    servers.push(child);
    const base = `http://127.0.0.1:${port}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (await healthy(base)) return { child, base };
      await sleep(200);
    }
  };

  it('pages every answered fire within 10 s, sending again only what the dead process never recorded', async () => {
    const first = await startServer();
    const second = onPostgres ? await startServer() : undefined;
    const answered = new Set<string>();
    let refused = 0;
    let killedAt = 0;
    let sent = 0;
    const fire = async (instance: string) => {
      try {
        const response = await fetch(`${first.base}/api/v1/fire-alert`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ alertname: 'load', instance }),
        });
        await response.arrayBuffer();
        if (response.ok) answered.add(instance);
        else refused += 1;
      } catch {
        refused += 1;
      }
    };
    // A steady rate, at most IN_FLIGHT fires waiting for their answer; the kill lands mid-stream.
    // Warm-up: the first fires of a fresh process are slow (code loaded on first use).
    for (let n = 0; n < 10; n += 1) await fire(`i-w${n}`);
    const started = Date.now();
    const inFlight = new Set<Promise<void>>();
    // The kill: after FIRING_MS, once the vendor holds HELD sends unanswered (the fake answers in
    // order of arrival, so the next HELD sends from `heldFrom` are the held ones).
    const killing = (async () => {
      await sleep(FIRING_MS / 2);
      heldFrom = provider.requests.length;
      provider.replyNext(...Array.from({ length: HELD }, () => hangReply));
      await provider.waitForRequests(heldFrom + HELD);
      await sleep(started + FIRING_MS - Date.now());
      killedAt = Date.now();
      first.child.kill('SIGKILL');
    })();
    // A steady rate, at most IN_FLIGHT fires waiting for their answer, until the kill (bounded).
    while (killedAt === 0 && sent < MAX_FIRES) {
      const due = started + (sent * 1000) / FIRES_PER_SECOND;
      if (Date.now() < due || inFlight.size >= IN_FLIGHT) {
        await sleep(Math.max(1, due - Date.now()));
        continue;
      }
      const one: Promise<void> = fire(`i-${sent}`).finally(() => inFlight.delete(one));
      inFlight.add(one);
      sent += 1;
    }
    await killing;
    await Promise.all(inFlight);
    await new Promise((resolve) =>
      (first.child.exitCode ?? first.child.signalCode) !== null
        ? resolve(null)
        : first.child.once('exit', resolve),
    );
    const from = second ? killedAt : (await startServer()) && Date.now();

    // Every fire answered is stored, and so is any held send's fire (committed, answer lost).
    const held = () => pages.filter((page) => page.held).map((page) => page.instance);
    const expected = () => new Set([...answered, ...held()]);
    const deadline = from + TAKEOVER_BOUND_MS;
    const acceptedInstances = () => new Set(pages.filter((page) => !page.held).map((page) => page.instance));
    while (
      Date.now() < deadline + 1_000 &&
      [...expected()].some((instance) => !acceptedInstances().has(instance))
    ) {
      await sleep(100);
    }
    const accepted = pages.filter((page) => !page.held);
    const firstPage = new Map<string, number>();
    for (const page of accepted) if (!firstPage.has(page.instance)) firstPage.set(page.instance, page.at);
    const heldInstances = held();
    const late = [...expected()].filter(
      (instance) => (firstPage.get(instance) ?? Number.POSITIVE_INFINITY) > deadline,
    );
    const takenOver = [...answered].filter((instance) => (firstPage.get(instance) ?? 0) > killedAt);

    const counts = new Map<string, number>();
    for (const page of accepted) counts.set(page.instance, (counts.get(page.instance) ?? 0) + 1);
    const duplicated = [...counts].filter(([, count]) => count > 1).map(([instance]) => instance);
    // Sends the vendor got in the last 2 s before the kill: the only ones the dead process may have
    // had accepted and not yet recorded.
    // A send the dead process had written reaches the vendor a few milliseconds after SIGKILL is sent
    // (the signal, and bytes already in the kernel's buffers); a takeover comes seconds later.
    const diedBy = killedAt + DEATH_SETTLE_MS;
    const justBefore = accepted.filter((page) => page.at <= diedBy && page.at > killedAt - 2_000).length;
    const lastAfter = (since: number) => Math.max(...takenOver.map((i) => (firstPage.get(i) ?? 0) - since));
    process.stdout.write(
      `kill -9 on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${answered.size} fires answered (${refused} refused), ` +
        `${takenOver.length} paged after the death, the last ${lastAfter(killedAt)} ms after it` +
        `${second ? '' : ` (${lastAfter(from)} ms after the restarted server answered /healthz)`}; ` +
        `${duplicated.length} sent twice (${justBefore} sends in the 2 s before the kill)\n`,
    );

    expect(answered.size).toBeGreaterThan(0);
    // The held sends were in flight at the kill: each is taken over and accepted once, after it.
    expect(heldInstances).toHaveLength(HELD);
    for (const instance of heldInstances) {
      expect(accepted.filter((page) => page.instance === instance).map((page) => page.at > killedAt)).toEqual(
        [true],
      );
    }
    expect(late).toEqual([]);
    // Every duplicate is a page first sent by the dead process just before it died, never a takeover
    // sent twice; none of its kind beyond the sends it had made in those last seconds.
    for (const instance of duplicated) {
      expect(firstPage.get(instance)).toBeLessThanOrEqual(diedBy);
      expect(accepted.filter((page) => page.instance === instance && page.at > diedBy)).toHaveLength(1);
    }
    expect(duplicated.length).toBeLessThanOrEqual(justBefore);
    // Nothing answered is lost, nothing refused counts: only what the server said it stored.
    expect([...answered].filter((instance) => !firstPage.has(instance))).toEqual([]);
  }, 180_000);
});

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

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** A migrated database with one `api` rule paging one sms endpoint through the fake vendor. */
async function seed(target: DatabaseTarget, provider: FakeProviderOne): Promise<string> {
  const db = await openDatabase(target);
  try {
    await migrate(db.orm);
    const box = new SecretBox(KEY);
    const em = db.orm.em.fork();
    const owner = em.create(User, {
      username: 'kill-owner',
      name: 'kill-owner',
      role: 'member',
      passwordHash: 'x',
    });
    em.create(ProviderConfig, {
      kind: 'sms',
      name: 'sms default',
      provider: 'providerOne',
      settings: { senderNumber: '10004346', baseUrl: provider.url },
      sealedSecrets: sealJson(box, { apiToken: 'k' }),
      isDefault: true,
      isBackup: false,
    });
    const endpoint = em.create(Endpoint, {
      name: 'sms kill',
      type: 'sms',
      destination: { value: '09120000001' },
      owner,
    });
    const token = `ak_${randomBytes(32).toString('base64url')}`;
    const rule = em.create(AlertRule, {
      name: 'Load',
      type: 'api',
      owner,
      settings: {},
      showAcknowledgeBtn: false,
      // Every fire its own page (no grouping): the test counts one page per answered fire.
      groupIntervalSeconds: 0,
      tokenHash: box.lookupHash(token),
      sealedToken: box.encrypt(token),
    });
    rule.endpoints.set([endpoint]);
    await em.flush();
    return token;
  } finally {
    await db.close();
  }
}
