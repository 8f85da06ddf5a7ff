import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AlertEvent, AlertInstance, User } from '@oncall/core/persistence';
import { runPagingToEnd } from '@oncall/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { messagesAbout } from './support/delivery-fakes';
import { seedChannelEndpoints } from './support/seed-delivery';

const WAIT = { timeout: 30_000, interval: 100 };

function binary(name: string): string | undefined {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
/** The Debian package's binary, which CI installs (see real-prometheus-alertmanager.test.ts). */
const PROMETHEUS = binary('prometheus');
if (PROMETHEUS === undefined && process.env.CI) {
  throw new Error('CI must install the prometheus package (.ci/run)');
}

/**
 * A text-query rule against the real Prometheus, stopped mid-test: runs that fail past the rule's
 * threshold open one "source unreachable" episode that pages the rule's endpoint once, the rule's
 * own firing instance keeps its state meanwhile, and the first run that answers resolves it. Runs
 * are driven on the test's clock (the threshold's two minutes pass in no time); Prometheus itself
 * runs on real time.
 */
describe.skipIf(PROMETHEUS === undefined)('a source that stops answering', () => {
  let h: DeliveringTestApp;
  let adminId = '';
  let workDir = '';
  let promPort = 0;
  let prometheus: ChildProcess | undefined;

  const freePort = async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    return port;
  };
  const startPrometheus = async () => {
    prometheus = spawn(
      PROMETHEUS ?? '',
      [
        `--config.file=${join(workDir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(workDir, 'tsdb')}`,
        `--web.listen-address=127.0.0.1:${promPort}`,
      ],
      { stdio: 'ignore' },
    );
    await vi.waitFor(async () => {
      const ready = await fetch(`http://127.0.0.1:${promPort}/-/ready`).catch(() => undefined);
      expect(ready?.status).toBe(200);
    }, WAIT);
  };
  const stopPrometheus = async () => {
    const child = prometheus;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  };

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'oncall-source-unreachable-'));
    writeFileSync(join(workDir, 'prometheus.yml'), 'global:\n  scrape_interval: 1m\n');
    promPort = await freePort();
    await startPrometheus();
    h = await createDeliveringTestApp();
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
  }, 60_000);
  afterAll(async () => {
    await stopPrometheus();
    await h?.dispose();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  const admin = () => h.adminToken();
  const read = async (ruleId: string) =>
    (await h.call('GET', `/api/v1/alert-rule/${ruleId}`, { token: await admin() })).json();
  const firing = async (ruleId: string) =>
    (
      await h.t.core.orm.em
        .fork()
        .find(AlertInstance, { rule: ruleId, state: 'critical' }, { orderBy: { instance: 'asc' } })
    ).map((i) => i.instance);
  const events = async (ruleId: string) =>
    (await h.t.core.orm.em.fork().find(AlertEvent, { rule: ruleId }, { orderBy: { createdAt: 'asc' } })).map(
      (e) => `${e.kind}:${e.instance}`,
    );
  const runNext = async (ruleId: string) => {
    await h.core.checks.reconcile();
    const status = await h.core.checks.ruleStatus(ruleId);
    if (!status) throw new Error('the rule is not scheduled');
    const wait = new Date(status.nextRunAt).getTime() - h.t.clock.now().getTime();
    if (wait > 0) h.t.clock.advance(wait);
    const claims = await h.core.checks.claimDue(1000);
    for (const claim of claims) await h.core.checks.run(claim);
    expect(claims.map((c) => c.subjectId)).toContain(ruleId);
  };
  /** The pages of the "source unreachable" episode of the rule named "Prometheus up". */
  const unreachablePages = (headline: 'CRITICAL' | 'RESOLVED') =>
    messagesAbout(h.fakes, 'Prometheus up', headline).filter((m) =>
      m.text.includes('Alert: Source unreachable'),
    );
  const createRule = async (name: string, queryObject: Record<string, unknown>) => {
    const source = await h.call('POST', '/api/v1/data-source', {
      token: await admin(),
      body: { name: `${name} prometheus`, type: 'prometheus', url: `http://127.0.0.1:${promPort}` },
    });
    expect(source.statusCode, source.body).toBe(201);
    const endpoints = await seedChannelEndpoints(h.t, adminId, h.fakes);
    return h.call('POST', '/api/v1/alert-rule', {
      token: await admin(),
      body: {
        type: 'prometheus',
        name,
        queryType: 'textQuery',
        // One series, always: the rule's own instance fires at its first run.
        queryText: 'vector(1)',
        queryObject,
        dataSourceIds: [source.json().id],
        endpointIds: [endpoints.sms.id],
      },
    });
  };

  it('refuses a threshold out of range at its field', async () => {
    const zeroRuns = await createRule('Bad threshold', { unreachableAfterRuns: 0 });
    expect(zeroRuns.statusCode).toBe(422);
    expect(JSON.stringify(zeroRuns.json())).toContain('queryObject.unreachableAfterRuns');
    const longWait = await createRule('Bad wait', { unreachableAfter: '2d' });
    expect(longWait.statusCode).toBe(422);
    expect(JSON.stringify(longWait.json())).toContain('queryObject.unreachableAfter');
  });

  it('pages "source unreachable" once past the threshold, keeps the instances, resolves when it answers', async () => {
    const created = await createRule('Prometheus up', { interval: '30s', timeout: '2s' });
    expect(created.statusCode, created.body).toBe(200);
    const ruleId: string = created.json().id;
    // A second rule on the same Prometheus, with a threshold of its own: the first failed run.
    const eager = await createRule('Prometheus eager', {
      interval: '30s',
      timeout: '2s',
      unreachableAfterRuns: 1,
      unreachableAfter: 0,
    });
    expect(eager.statusCode, eager.body).toBe(200);
    const eagerId: string = eager.json().id;
    expect(eager.json().queryObject).toMatchObject({ unreachableAfterRuns: 1, unreachableAfter: 0 });

    await runNext(ruleId);
    await runNext(eagerId);
    const [own] = await firing(ruleId);
    expect(own).toBeDefined();
    await vi.waitFor(() => expect(messagesAbout(h.fakes, 'Prometheus up', 'CRITICAL')).toHaveLength(1), WAIT);
    expect((await read(ruleId)).sourceUnreachableSince).toBeNull();

    await stopPrometheus();
    // Three failed runs, but only a minute since the first: not yet (both must hold).
    for (let run = 0; run < 3; run++) await runNext(ruleId);
    expect((await read(ruleId)).evaluation).toMatchObject({
      status: 'error',
      failures: 3,
      unreachableSince: null,
    });
    await runNext(eagerId);
    expect((await read(eagerId)).sourceUnreachableSince).not.toBeNull();

    // Two minutes since the first failure: the episode opens and pages.
    await runNext(ruleId);
    await runNext(ruleId);
    const down = await read(ruleId);
    expect(down.evaluation).toMatchObject({ status: 'error', failures: 5 });
    expect(down.evaluation.error).toContain('Prometheus up prometheus');
    expect(down.sourceUnreachableSince).toEqual(expect.any(String));
    expect(down.evaluation.unreachableSince).toEqual(expect.any(String));
    expect(down.state).toBe('critical');
    await vi.waitFor(() => expect(unreachablePages('CRITICAL')).toHaveLength(1), WAIT);
    // The rule's own instance keeps its state while the source is down.
    expect(await firing(ruleId)).toEqual([own, 'Source unreachable'].sort());
    // The list shows it too.
    const list = await h.call('GET', '/api/v1/alert-rule?perPage=100', { token: await admin() });
    const listed = (list.json().data as { id: string; sourceUnreachableSince: string | null }[]).find(
      (rule) => rule.id === ruleId,
    );
    expect(listed?.sourceUnreachableSince).toBe(down.sourceUnreachableSince);

    // More failed runs page nobody again.
    await runNext(ruleId);
    await runNext(ruleId);
    await runPagingToEnd(h.t.core.orm);
    expect(unreachablePages('CRITICAL')).toHaveLength(1);

    await startPrometheus();
    // A Prometheus just restarted on a loaded machine can miss the test querier's 1 s bound on its
    // first queries; the run that answers is the one that resolves, so run until one does.
    await vi.waitFor(async () => {
      await runNext(ruleId);
      expect((await read(ruleId)).evaluation.status).toBe('ok');
    }, WAIT);
    const back = await read(ruleId);
    expect(back.evaluation).toMatchObject({ status: 'ok', failures: 0, unreachableSince: null });
    expect(back.sourceUnreachableSince).toBeNull();
    expect(await firing(ruleId)).toEqual([own]);
    await vi.waitFor(() => expect(unreachablePages('RESOLVED')).toHaveLength(1), WAIT);
    // The history: the own instance fired once and never resolved; the episode opened and closed.
    expect(await events(ruleId)).toEqual([
      `fired:${own}`,
      'fired:Source unreachable',
      'resolved:Source unreachable',
    ]);
    expect(messagesAbout(h.fakes, 'Prometheus up', 'CRITICAL')).toHaveLength(2);
    await vi.waitFor(async () => {
      await runNext(eagerId);
      expect((await read(eagerId)).sourceUnreachableSince).toBeNull();
    }, WAIT);
  }, 120_000);
});
