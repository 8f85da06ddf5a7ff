import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CheckClaim, createCore } from '@oncall/core';
import { AlertEvent, AlertInstance, queryRows, User } from '@oncall/core/persistence';
import { createTemporalEngine, startCheckLoop } from '@oncall/engine';
import { runPagingToEnd } from '@oncall/engine/testing';
import { startFakeElasticsearch } from '@oncall/fakes';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { messagesAbout } from './support/delivery-fakes';
import { seedChannelEndpoints } from './support/seed-delivery';

const WAIT = { timeout: 30_000, interval: 50 };
const SECOND = 1_000;

/** What the fake data source answers `GET /series`: series, an HTTP error, or nothing at all. */
type Answer =
  | { series: { labels: Record<string, string>; value: string }[] }
  | { alerts: { name: string; labels: Record<string, string> }[] }
  | { status: number }
  | 'hang';

/**
 * Rules the service evaluates itself, through the real REST routes, the real source querier (HTTP
 * to a data source on 127.0.0.1) and the embedded engine delivering to a fake SMS provider, with
 * the test's clock: a third-party source plugin with an `evaluate` hook (test/fixtures) stands for
 * Prometheus, so what is tested here is the host's part: the schedule, `for` and `keepFiringFor`,
 * resolving what a query stops returning, failures recorded and shown, runs never overlapping.
 */
describe('scheduled rule evaluation', () => {
  let h: DeliveringTestApp;
  let adminId: string;
  let server: Server;
  let sourceUrl = '';
  const answers = new Map<string, Answer>();
  /** What the polled data source lists at `GET /alerts`. */
  let polled: { alerts: { name: string; labels: Record<string, string> }[] } | { status: number } = {
    alerts: [],
  };
  const requests: string[] = [];

  beforeAll(async () => {
    h = await createDeliveringTestApp(
      {},
      {},
      { sourcePackages: ['@fixture/oncall-source-series', '@fixture/oncall-source-polled'] },
    );
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const query = url.searchParams.get('query') ?? '';
      requests.push(query);
      const answer = url.pathname === '/alerts' ? polled : (answers.get(query) ?? { series: [] });
      if (answer === 'hang') return;
      if ('status' in answer) {
        response.statusCode = answer.status;
        response.end('{"error":"bad"}');
        return;
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    sourceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await h.dispose();
  });
  beforeEach(() => {
    requests.length = 0;
  });

  const admin = () => h.adminToken();
  let sourceId = '';
  const source = async () => {
    if (sourceId) return sourceId;
    const created = await h.call('POST', '/api/v1/data-source', {
      token: await admin(),
      body: { name: 'series source', type: 'series', url: sourceUrl },
    });
    expect(created.statusCode).toBe(201);
    sourceId = created.json().id;
    return sourceId;
  };

  /** A text-query rule over REST paging one SMS endpoint. */
  const createRule = async (name: string, queryText: string, queryObject: Record<string, unknown>) => {
    const endpoints = await seedChannelEndpoints(h.t, adminId, h.fakes);
    const created = await h.call('POST', '/api/v1/alert-rule', {
      token: await admin(),
      body: {
        type: 'series',
        name,
        queryType: 'textQuery',
        queryText,
        queryObject,
        dataSourceIds: [await source()],
        endpointIds: [endpoints.sms.id],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().id as string;
  };

  /** Runs every check due by the test's clock now, as the engine's loop would; returns their subjects. */
  const runDue = async (): Promise<string[]> => {
    await h.core.checks.reconcile();
    const claims = await h.core.checks.claimDue(1000);
    for (const claim of claims) await h.core.checks.run(claim);
    return claims.map((claim) => claim.subjectId);
  };
  /** Moves the clock to the rule's next run and runs it. */
  const runNext = async (ruleId: string) => {
    await h.core.checks.reconcile();
    const status = await h.core.checks.ruleStatus(ruleId);
    if (!status) throw new Error('the rule is not scheduled');
    const wait = new Date(status.nextRunAt).getTime() - h.t.clock.now().getTime();
    if (wait > 0) h.t.clock.advance(wait);
    expect(await runDue()).toContain(ruleId);
  };
  const firing = async (ruleId: string) =>
    (
      await h.t.core.orm.em
        .fork()
        .find(AlertInstance, { rule: ruleId, state: 'critical' }, { orderBy: { instance: 'asc' } })
    ).map((i) => i.instance);
  const eventKinds = async (ruleId: string) =>
    (await h.t.core.orm.em.fork().find(AlertEvent, { rule: ruleId }, { orderBy: { createdAt: 'asc' } })).map(
      (e) => `${e.kind}:${e.instance}`,
    );
  const triggered = async (ruleId: string) =>
    (await h.call('GET', `/api/v1/alert-rule/triggered/${ruleId}`, { token: await admin() })).json();
  const read = async (ruleId: string) =>
    (await h.call('GET', `/api/v1/alert-rule/${ruleId}`, { token: await admin() })).json();
  /** The last run, with its check document: the rule read's `evaluation` on REST. */
  const lastCheck = async (ruleId: string) => (await read(ruleId)).evaluation;
  const series = (...instances: string[]) => ({
    series: instances.map((instance) => ({ labels: { instance, job: 'node' }, value: '0' })),
  });

  it('fires an instance per series returned, pages once, and resolves what the query stops returning', async () => {
    answers.set('up{job="a"} == 0', series('db-1:9100', 'db-2:9100'));
    const ruleId = await createRule('Hosts down', 'up{job="a"} == 0', { interval: '30s' });
    expect((await read(ruleId)).evaluation).toMatchObject({ status: 'pending', intervalSeconds: 30 });

    await runNext(ruleId);
    expect(await firing(ruleId)).toEqual(['db-1:9100', 'db-2:9100']);
    await vi.waitFor(() => expect(messagesAbout(h.fakes, 'Hosts down', 'CRITICAL')).toHaveLength(2), WAIT);
    const check = await lastCheck(ruleId);
    expect(check).toMatchObject({ status: 'ok', error: null, failures: 0, intervalSeconds: 30 });
    expect(check.document.sources).toEqual([
      { id: sourceId, name: 'series source', query: 'up{job="a"} == 0', series: 2, firing: 2 },
    ]);
    // What fires, as the legacy UI lists it: one element per instance, its source named.
    expect(
      (await triggered(ruleId))
        .map((i: { instance: string; dataSource: { id: string } }) => [i.instance, i.dataSource.id])
        .sort(),
    ).toEqual([
      ['db-1:9100', sourceId],
      ['db-2:9100', sourceId],
    ]);

    // Returned again: nothing changes, nobody is paged again.
    await runNext(ruleId);
    await runPagingToEnd(h.t.core.orm);
    expect(messagesAbout(h.fakes, 'Hosts down', 'CRITICAL')).toHaveLength(2);

    // db-1 comes back: resolved, and its resolve is sent.
    answers.set('up{job="a"} == 0', series('db-2:9100'));
    await runNext(ruleId);
    expect(await firing(ruleId)).toEqual(['db-2:9100']);
    expect(await eventKinds(ruleId)).toEqual(['fired:db-1:9100', 'fired:db-2:9100', 'resolved:db-1:9100']);
    await vi.waitFor(() => expect(messagesAbout(h.fakes, 'Hosts down', 'RESOLVED')).toHaveLength(1), WAIT);
    expect(requests.every((query) => query === 'up{job="a"} == 0')).toBe(true);
  });

  it('holds an instance pending for `for`, across a restart, and keeps it firing for `keepFiringFor`', async () => {
    const query = 'disk_free < 0.1';
    answers.set(query, series('fs-1'));
    const ruleId = await createRule('Disk almost full', query, {
      interval: '10s',
      for: '30s',
      keepFiringFor: '20s',
    });
    await runNext(ruleId);
    expect(await firing(ruleId)).toEqual([]);
    expect((await lastCheck(ruleId)).document.pending).toBe(1);
    await runNext(ruleId);
    await runNext(ruleId);
    expect(await firing(ruleId)).toEqual([]);
    // What is pending is remembered in the database, not in the process.
    await h.restart();
    await runNext(ruleId);
    expect(await firing(ruleId)).toEqual(['fs-1']);
    await vi.waitFor(
      () => expect(messagesAbout(h.fakes, 'Disk almost full', 'CRITICAL')).toHaveLength(1),
      WAIT,
    );

    // Gone from the answer: still firing for 20 s, then resolved.
    answers.set(query, series());
    await runNext(ruleId);
    await runNext(ruleId);
    expect(await firing(ruleId)).toEqual(['fs-1']);
    await runNext(ruleId);
    expect(await firing(ruleId)).toEqual([]);
    expect(await eventKinds(ruleId)).toEqual(['fired:fs-1', 'resolved:fs-1']);

    // A series that goes away while pending never fires.
    answers.set(query, series('fs-2'));
    await runNext(ruleId);
    answers.set(query, series());
    await runNext(ruleId);
    answers.set(query, series('fs-2'));
    await runNext(ruleId);
    await runNext(ruleId);
    expect(await firing(ruleId)).toEqual([]);
  });

  it('records a failing or silent source as an error, shows it in the read, and resolves nothing', async () => {
    const query = 'queue_depth > 1000';
    answers.set(query, series('mq-1'));
    const ruleId = await createRule('Queue backed up', query, { interval: '10s', timeout: '1s' });
    await runNext(ruleId);
    expect(await firing(ruleId)).toEqual(['mq-1']);

    answers.set(query, { status: 503 });
    await runNext(ruleId);
    expect(await firing(ruleId)).toEqual(['mq-1']);
    const failed = await read(ruleId);
    expect(failed.evaluation).toMatchObject({ status: 'error', failures: 1 });
    expect(failed.evaluation.error).toContain('"series source": HTTP 503');
    expect((await lastCheck(ruleId)).document.sources).toEqual([
      { id: sourceId, name: 'series source', error: expect.stringContaining('HTTP 503') },
    ]);

    answers.set(query, 'hang');
    const started = Date.now();
    await runNext(ruleId);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await read(ruleId)).evaluation).toMatchObject({ status: 'error', failures: 2 });
    expect((await read(ruleId)).evaluation.error).toContain('1 s');
    expect(await firing(ruleId)).toEqual(['mq-1']);

    answers.set(query, series());
    await runNext(ruleId);
    expect(await firing(ruleId)).toEqual([]);
    expect((await read(ruleId)).evaluation).toMatchObject({ status: 'ok', error: null, failures: 0 });
  });

  it('hands a due run to one claimer, never again while it runs, and spreads rules over their interval', async () => {
    const ruleIds: string[] = [];
    for (let i = 0; i < 12; i++)
      ruleIds.push(await createRule(`Spread ${i}`, `spread_${i}`, { interval: '60s' }));
    await h.core.checks.reconcile();
    const phases = await queryRows<{ next_run_at: Date | string }>(
      h.t.core.orm.em.fork(),
      "select next_run_at from scheduled_checks where kind = 'rule' and subject_id in (?)",
      [ruleIds],
    );
    const seconds = new Set(
      phases.map((row) => Math.floor(new Date(row.next_run_at).getTime() / SECOND) % 60),
    );
    expect(seconds.size).toBeGreaterThan(6);

    h.t.clock.advance(61 * SECOND);
    const [first, second] = await Promise.all([h.core.checks.claimDue(1000), h.core.checks.claimDue(1000)]);
    const claimed = [...first, ...second]
      .map((claim) => claim.subjectId)
      .filter((id) => ruleIds.includes(id));
    expect(claimed.sort()).toEqual([...ruleIds].sort());
    // Leased: even once due again, a run still in progress is not handed out.
    h.t.clock.advance(30 * SECOND);
    expect((await h.core.checks.claimDue(1000)).filter((claim) => ruleIds.includes(claim.subjectId))).toEqual(
      [],
    );
    for (const claim of [...first, ...second]) await h.core.checks.run(claim);
    h.t.clock.advance(60 * SECOND);
    expect(
      (await h.core.checks.claimDue(1000)).filter((claim: CheckClaim) => ruleIds.includes(claim.subjectId)),
    ).toHaveLength(12);
  });

  it("is driven by the engine's check loop", async () => {
    const query = 'probe_success == 0';
    answers.set(query, series('https://shop.example'));
    const ruleId = await createRule('Probe failing', query, { interval: '10s' });
    const loop = startCheckLoop({
      runner: h.core.checks,
      tickMs: 20,
      onError: (error) => {
        throw error;
      },
    });
    try {
      h.t.clock.advance(11 * SECOND);
      await vi.waitFor(async () => expect(await firing(ruleId)).toEqual(['https://shop.example']), WAIT);
    } finally {
      await loop.stop();
    }
    await vi.waitFor(() => expect(messagesAbout(h.fakes, 'Probe failing', 'CRITICAL')).toHaveLength(1), WAIT);
  });

  it('stops scheduling a rule switched to a dynamic query or deleted', async () => {
    const ruleId = await createRule('Switched', 'switched', { interval: '10s' });
    await h.core.checks.reconcile();
    expect(await h.core.checks.ruleStatus(ruleId)).not.toBeNull();
    const switched = await h.call('PUT', `/api/v1/alert-rule/${ruleId}`, {
      token: await admin(),
      body: { queryType: 'dynamic', dataSourceAlertName: 'Switched', dataSourceIds: [await source()] },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    await h.core.checks.reconcile();
    expect(await h.core.checks.ruleStatus(ruleId)).toBeNull();
    expect((await read(ruleId)).evaluation).toBeUndefined();
  });

  it('refuses evaluation options it cannot honour, with their field paths', async () => {
    const created = await h.call('POST', '/api/v1/alert-rule', {
      token: await admin(),
      body: {
        type: 'series',
        name: 'Bad options',
        queryType: 'textQuery',
        queryText: 'up',
        queryObject: { interval: '500ms', for: 'soon', timeout: '2m' },
      },
    });
    expect(created.statusCode).toBe(422);
    expect(Object.keys(created.json().errors).sort()).toEqual([
      'queryObject.for',
      'queryObject.interval',
      'queryObject.timeout',
    ]);
  });

  it("polls a data source's active alerts: listed fires, no longer listed resolves, a failed poll changes nothing, failing polls page source unreachable", async () => {
    const created = await h.call('POST', '/api/v1/data-source', {
      token: await admin(),
      body: { name: 'polled source', type: 'polled_fixture', url: sourceUrl, pollIntervalSeconds: 15 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const polledId = created.json().id as string;
    expect(created.json().poll).toMatchObject({ status: 'pending', intervalSeconds: 15 });
    const endpoints = await seedChannelEndpoints(h.t, adminId, h.fakes);
    const rule = await h.call('POST', '/api/v1/alert-rule', {
      token: await admin(),
      body: {
        type: 'polled_fixture',
        name: 'Polled backups',
        dataSourceIds: [polledId],
        dataSourceAlertName: 'BackupFailed',
        extraField: [{ key: 'env', value: 'prod' }],
        endpointIds: [endpoints.sms.id],
      },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const ruleId = rule.json().id as string;
    const nextPoll = async () => {
      const status = (await h.call('GET', `/api/v1/data-source/${polledId}`, { token: await admin() })).json()
        .poll;
      const wait = new Date(status.nextRunAt).getTime() - h.t.clock.now().getTime();
      if (wait > 0) h.t.clock.advance(wait);
      expect(await runDue()).toContain(polledId);
      return (await h.call('GET', `/api/v1/data-source/${polledId}`, { token: await admin() })).json().poll;
    };

    polled = {
      alerts: [
        { name: 'BackupFailed', labels: { instance: 'db-1', env: 'prod' } },
        { name: 'BackupFailed', labels: { instance: 'db-9', env: 'staging' } },
        { name: 'DiskFull', labels: { instance: 'db-1', env: 'prod' } },
      ],
    };
    expect(await nextPoll()).toMatchObject({ status: 'ok', last: { listed: 3, matched: 1, resolved: 0 } });
    expect(await firing(ruleId)).toEqual(['db-1']);
    await vi.waitFor(
      () => expect(messagesAbout(h.fakes, 'Polled backups', 'CRITICAL')).toHaveLength(1),
      WAIT,
    );
    await nextPoll();
    await runPagingToEnd(h.t.core.orm);
    expect(messagesAbout(h.fakes, 'Polled backups', 'CRITICAL')).toHaveLength(1);

    polled = { status: 502 };
    const failed = await nextPoll();
    expect(failed).toMatchObject({ status: 'error', failures: 1 });
    expect(failed.error).toContain('HTTP 502');
    expect(await firing(ruleId)).toEqual(['db-1']);
    // Failing polls every 15 s: the rule's default threshold (3 runs and 2 minutes) is reached by
    // the ninth, which opens its "source unreachable" episode, once; db-1 keeps firing meanwhile.
    for (let poll = 2; poll <= 8; poll++) expect(await nextPoll()).toMatchObject({ failures: poll });
    expect((await read(ruleId)).sourceUnreachableSince).toBeNull();
    await nextPoll();
    expect((await read(ruleId)).sourceUnreachableSince).toEqual(expect.any(String));
    expect((await firing(ruleId)).sort()).toEqual(['Source unreachable', 'db-1'].sort());
    const unreachable = (headline: 'CRITICAL' | 'RESOLVED') =>
      messagesAbout(h.fakes, 'Polled backups', headline).filter((m) => m.text.includes('Source unreachable'));
    await vi.waitFor(() => expect(unreachable('CRITICAL')).toHaveLength(1), WAIT);
    await nextPoll();
    await runPagingToEnd(h.t.core.orm);
    expect(unreachable('CRITICAL')).toHaveLength(1);

    // The source answers: the episode resolves, and what it no longer lists resolves as usual.
    polled = { alerts: [] };
    // In-process PGlite can hold the event loop past the test querier's 1 s bound: the poll that
    // answers is the one that resolves, so poll until one does.
    let back = await nextPoll();
    while (back.status !== 'ok') back = await nextPoll();
    expect(back).toMatchObject({ status: 'ok', failures: 0, last: { listed: 0, resolved: 1 } });
    expect(await firing(ruleId)).toEqual([]);
    expect((await read(ruleId)).sourceUnreachableSince).toBeNull();
    expect((await eventKinds(ruleId)).sort()).toEqual(
      ['fired:db-1', 'fired:Source unreachable', 'resolved:db-1', 'resolved:Source unreachable'].sort(),
    );
    await vi.waitFor(() => expect(unreachable('RESOLVED')).toHaveLength(1), WAIT);
    await vi.waitFor(
      () => expect(messagesAbout(h.fakes, 'Polled backups', 'RESOLVED')).toHaveLength(2),
      WAIT,
    );

    // No interval, no polls.
    await h.call('PUT', `/api/v1/data-source/${polledId}`, {
      token: await admin(),
      body: { name: 'polled source', url: sourceUrl, pollIntervalSeconds: null },
    });
    expect(
      (await h.call('GET', `/api/v1/data-source/${polledId}`, { token: await admin() })).json().poll,
    ).toBeUndefined();
  });

  it('counts Elasticsearch documents through the built-in plugin: at the threshold fires, a failing cluster is shown', async () => {
    const elastic = await startFakeElasticsearch({ count: 3 });
    try {
      const created = await h.call('POST', '/api/v1/data-source', {
        token: await admin(),
        body: { name: 'logs cluster', type: 'elastic', url: elastic.url, apiToken: 'a2V5OnNlY3JldA==' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const endpoints = await seedChannelEndpoints(h.t, adminId, h.fakes);
      const rule = await h.call('POST', '/api/v1/alert-rule', {
        token: await admin(),
        body: {
          type: 'elastic',
          name: 'Too many payment errors',
          dataSourceId: created.json().id,
          dataviewName: 'logs-*',
          queryString: 'service:payments AND level:error',
          minutes: 5,
          conditionType: 'greaterOrEqual',
          countDocument: 10,
          queryObject: { interval: '30s' },
          endpointIds: [endpoints.sms.id],
        },
      });
      expect(rule.statusCode, rule.body).toBe(200);
      const ruleId = rule.json().id as string;

      await runNext(ruleId);
      expect(await firing(ruleId)).toEqual([]);
      expect(await lastCheck(ruleId)).toMatchObject({ status: 'ok' });
      expect(elastic.counts.at(-1)?.index).toBe('logs-*');

      elastic.setCount(12);
      await runNext(ruleId);
      expect(await firing(ruleId)).toHaveLength(1);
      await vi.waitFor(
        () => expect(messagesAbout(h.fakes, 'Too many payment errors', 'CRITICAL')).toHaveLength(1),
        WAIT,
      );

      // A failing cluster is no count of zero: the instance stays, the read says why.
      elastic.setMode('error');
      await runNext(ruleId);
      expect(await firing(ruleId)).toHaveLength(1);
      expect((await read(ruleId)).evaluation).toMatchObject({ status: 'error', failures: 1 });

      elastic.setMode('answer');
      elastic.setCount(2);
      await runNext(ruleId);
      expect(await firing(ruleId)).toEqual([]);
    } finally {
      await elastic.close();
    }
  });

  it("runs the same on the Temporal driver: an evaluated fire's page goes to the Temporal outbox", async () => {
    // A server on Temporal queues its pages in the outbox; its check loop drives the same schedule.
    const temporal = createTemporalEngine({ db: h.t.database.db, runWorkers: false });
    await temporal.start();
    try {
      const core = createCore({ ...h.t.deps, orchestrator: temporal.orchestrator });
      const query = 'node_load > 40';
      answers.set(query, series('batch-9'));
      const ruleId = await createRule('Load on Temporal', query, { interval: '10s' });
      await core.checks.reconcile();
      const status = await core.checks.ruleStatus(ruleId);
      const wait = new Date(status?.nextRunAt ?? 0).getTime() - h.t.clock.now().getTime();
      if (wait > 0) h.t.clock.advance(wait);
      const claims = (await core.checks.claimDue(1000)).filter((claim) => claim.subjectId === ruleId);
      expect(claims).toHaveLength(1);
      for (const claim of claims) await core.checks.run(claim);
      expect(await firing(ruleId)).toEqual(['batch-9']);
      const [outbox] = await queryRows<{ jobs: number }>(
        h.t.core.orm.em.fork(),
        `select count(*)::int as jobs from pgboss.job
          where name = 'oncall-temporal-outbox' and data->>'type' = 'notify'
            and data->>'alertEventId' in (select id::text from alert_events where rule_id = ?)`,
        [ruleId],
      );
      expect(outbox?.jobs).toBe(1);
    } finally {
      await temporal.stop();
    }
  });
});
