import type { Actor } from '@oncall/core';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerGraphql } from '../src/index';
import { graphqlHttp, onlyError } from './graphql-http';
import { at, type SeededEpisode, seedReportWorld } from './report-seed';

const LOGIN = 'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }';
const DURATIONS = 'count mean p50 p90 p99';

/**
 * Rule A (team A): episodes whose MTTA are 60, 120, 180 and 600 s and MTTR 300, 600 and 900 s (the
 * last is open). Rule B (team B): one episode, MTTA 30 s, MTTR 60 s. Member A is in team A only.
 * Expected figures are worked out by hand below from the definition of `percentile_cont`: the value
 * at position p × (n − 1) of the sorted values, interpolated linearly.
 */
describe('GraphQL reporting', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let gql: ReturnType<typeof graphqlHttp>;
  let admin: string;
  let adminActor: Actor;
  let memberA: string;
  let world: Awaited<ReturnType<typeof seedReportWorld>>;
  let e1: SeededEpisode;
  let f1: SeededEpisode;

  const login = async (u: string, p: string) =>
    (await gql<{ login: { accessToken: string } }>(LOGIN, { u, p })).data?.login.accessToken ?? '';

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerGraphql(app, { core: t.core, path: '/graphql' });
    await app.ready();
    gql = graphqlHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
    adminActor = await t.core.auth.authenticate(admin);
    const a = await t.createUser('report-member-a', 'member', 'member-a-pass-1');
    const b = await t.createUser('report-member-b', 'member', 'member-b-pass-1');
    memberA = await login('report-member-a', 'member-a-pass-1');
    world = await seedReportWorld(t, adminActor, { a, b });
    const { seeder, ruleA, ruleB, primary, backup } = world;
    const me = adminActor.userId;
    e1 = await seeder.episode({
      rule: ruleA,
      firedAt: 1000,
      ackAfter: 60,
      resolveAfter: 300,
      ackBy: me,
      attempts: [
        { config: primary, outcome: 'transient', latencyMs: 100, after: 1 },
        { config: backup, outcome: 'delivered', latencyMs: 200, after: 2 },
      ],
    });
    await seeder.episode({
      rule: ruleA,
      firedAt: 2000,
      ackAfter: 120,
      resolveAfter: 600,
      ackBy: me,
      attempts: [{ config: primary, outcome: 'delivered', latencyMs: 50, after: 1 }],
    });
    await seeder.episode({ rule: ruleA, firedAt: 3000, ackAfter: 180, resolveAfter: 900, ackBy: me });
    await seeder.episode({ rule: ruleA, firedAt: 90_000, ackAfter: 600, ackBy: me });
    f1 = await seeder.episode({
      rule: ruleB,
      firedAt: 1500,
      ackAfter: 30,
      resolveAfter: 60,
      ackBy: me,
      attempts: [{ config: primary, outcome: 'delivered', latencyMs: 70, after: 1 }],
    });
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  describe('aggregates, against figures worked out by hand', () => {
    it('MTTA and MTTR per rule, per team, per day and overall', async () => {
      const query = `query ($g: ReportGrouping) { episodeStats(groupBy: $g) {
        key { ruleId teamId day } episodes acknowledged resolved mtta { ${DURATIONS} } mttr { ${DURATIONS} } } }`;
      type Row = {
        key: { ruleId: string | null; teamId: string | null; day: string | null };
        episodes: number;
      };
      const byRule = await gql<{ episodeStats: Row[] }>(query, { g: 'rule' }, admin);
      expect(byRule.errors).toBeUndefined();
      const ruleA = byRule.data?.episodeStats.find((r) => r.key.ruleId === world.ruleA);
      // MTTA 60, 120, 180, 600: mean 240; p50 at 1.5 → 150; p90 at 2.7 → 180 + 0.7 × 420 = 474;
      // p99 at 2.97 → 180 + 0.97 × 420 = 587.4. MTTR 300, 600, 900: mean 600; p50 600;
      // p90 at 1.8 → 600 + 0.8 × 300 = 840; p99 at 1.98 → 894.
      expect(ruleA).toEqual({
        key: { ruleId: world.ruleA, teamId: null, day: null },
        episodes: 4,
        acknowledged: 4,
        resolved: 3,
        mtta: { count: 4, mean: 240, p50: 150, p90: close(474), p99: close(587.4) },
        mttr: { count: 3, mean: 600, p50: 600, p90: close(840), p99: close(894) },
      });

      const byTeam = await gql<{ episodeStats: Row[] }>(query, { g: 'team' }, admin);
      expect(byTeam.data?.episodeStats).toHaveLength(2);
      const named = await gql<{ episodeStats: Array<{ key: { team: { id: string; name: string } } }> }>(
        '{ episodeStats(groupBy: team) { key { team { id name } } } }',
        {},
        admin,
      );
      expect(
        named.data?.episodeStats.map((row) => row.key.team).sort((a, b) => a.name.localeCompare(b.name)),
      ).toEqual([
        { id: world.teamA, name: 'Team A' },
        { id: world.teamB, name: 'Team B' },
      ]);
      expect(byTeam.data?.episodeStats).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ key: { ruleId: null, teamId: world.teamA, day: null }, episodes: 4 }),
          expect.objectContaining({
            key: { ruleId: null, teamId: world.teamB, day: null },
            episodes: 1,
            mtta: { count: 1, mean: 30, p50: 30, p90: 30, p99: 30 },
            mttr: { count: 1, mean: 60, p50: 60, p90: 60, p99: 60 },
          }),
        ]),
      );

      const overall = await gql<{ episodeStats: Row[] }>(query, {}, admin);
      // MTTA 30, 60, 120, 180, 600: mean 198; p50 at 2 → 120; p90 at 3.6 → 180 + 0.6 × 420 = 432;
      // p99 at 3.96 → 583.2. MTTR 60, 300, 600, 900: mean 465; p50 at 1.5 → 450; p90 at 2.7 → 810;
      // p99 at 2.97 → 891.
      expect(overall.data?.episodeStats).toEqual([
        {
          key: { ruleId: null, teamId: null, day: null },
          episodes: 5,
          acknowledged: 5,
          resolved: 4,
          mtta: { count: 5, mean: 198, p50: 120, p90: close(432), p99: close(583.2) },
          mttr: { count: 4, mean: 465, p50: 450, p90: close(810), p99: close(891) },
        },
      ]);

      const byDay = await gql<{ episodeStats: Row[] }>(query, { g: 'day' }, admin);
      expect(byDay.data?.episodeStats.map((r) => [r.key.day, r.episodes])).toEqual([
        ['2026-11-01T00:00:00.000Z', 4],
        ['2026-11-02T00:00:00.000Z', 1],
      ]);

      const ranged = await gql<{ episodeStats: Row[] }>(
        `query ($f: ReportFilterInput) { episodeStats(filter: $f) { episodes mtta { p50 } } }`,
        { f: { from: at(1500), to: at(3000) } },
        admin,
      );
      // Fired in [1500, 3000): rule B's (MTTA 30) and rule A's second (120).
      expect(ranged.data?.episodeStats).toEqual([{ episodes: 2, mtta: { p50: 75 } }]);
    });

    it('pages, delivery success, latency and fallback per channel and provider', async () => {
      const pages = await gql<{ pageStats: unknown[] }>(
        '{ pageStats(groupBy: rule) { key { ruleId } pages delivered attempts } }',
        undefined,
        admin,
      );
      expect(pages.data?.pageStats).toEqual(
        expect.arrayContaining([
          { key: { ruleId: world.ruleA }, pages: 2, delivered: 2, attempts: 3 },
          { key: { ruleId: world.ruleB }, pages: 1, delivered: 1, attempts: 1 },
        ]),
      );
      const stats = await gql<{ deliveryStats: unknown[] }>(
        `{ deliveryStats { channel provider attempts delivered successRate fallbackAttempts fallbackRate latencyMs { ${DURATIONS} } } }`,
        undefined,
        admin,
      );
      // providerOne: 100 ms (transient), 50 and 70 ms (delivered): sorted 50, 70, 100; p90 at 1.8 → 94.
      expect(stats.data?.deliveryStats).toEqual([
        {
          channel: 'sms',
          provider: 'providerOne',
          attempts: 3,
          delivered: 2,
          successRate: close(2 / 3),
          fallbackAttempts: 0,
          fallbackRate: 0,
          latencyMs: { count: 3, mean: close(220 / 3), p50: 70, p90: close(94), p99: close(99.4) },
        },
        {
          channel: 'sms',
          provider: 'providerTwo',
          attempts: 1,
          delivered: 1,
          successRate: 1,
          fallbackAttempts: 1,
          fallbackRate: 1,
          latencyMs: { count: 1, mean: 200, p50: 200, p90: 200, p99: 200 },
        },
      ]);
      const perChannel = await gql<{ deliveryStats: unknown[] }>(
        '{ deliveryStats(groupBy: channel) { channel attempts successRate fallbackRate } }',
        undefined,
        admin,
      );
      expect(perChannel.data?.deliveryStats).toEqual([
        { channel: 'sms', attempts: 4, successRate: 0.75, fallbackRate: 0.25 },
      ]);
    });

    it('the noisiest rules and the time in each state', async () => {
      const noisy = await gql<{ noisiestRules: unknown[] }>(
        '{ noisiestRules(first: 5) { ruleId fires episodes events rule { name } } }',
        undefined,
        admin,
      );
      expect(noisy.data?.noisiestRules).toEqual([
        { ruleId: world.ruleA, fires: 4, episodes: 4, events: 11, rule: { name: 'Rule of team A' } },
        { ruleId: world.ruleB, fires: 1, episodes: 1, events: 3, rule: { name: 'Secret rule of team B' } },
      ]);
      const query = `query ($f: ReportFilterInput) { stateDurations(filter: $f) { key { ruleId } state seconds } }`;
      // Rule B: critical from 1500 (fired) through 1530 (acknowledged) to 1560 (resolved), resolved to 2000.
      const whole = await gql<{ stateDurations: unknown[] }>(
        query,
        { f: { ruleIds: [world.ruleB], from: at(0), to: at(2000) } },
        admin,
      );
      expect(whole.data?.stateDurations).toEqual([
        { key: { ruleId: world.ruleB }, state: 'critical', seconds: 60 },
        { key: { ruleId: world.ruleB }, state: 'resolved', seconds: 440 },
      ]);
      // From 1510 the rule is still in its fire's state: critical for 20 + 30 s.
      const carried = await gql<{ stateDurations: unknown[] }>(
        query,
        { f: { ruleIds: [world.ruleB], from: at(1510), to: at(2000) } },
        admin,
      );
      expect(carried.data?.stateDurations).toEqual([
        { key: { ruleId: world.ruleB }, state: 'critical', seconds: 50 },
        { key: { ruleId: world.ruleB }, state: 'resolved', seconds: 440 },
      ]);
    });
  });

  describe('lists as Relay connections', () => {
    it('pages episodes with cursors and filters by status', async () => {
      const query = `query ($after: String, $s: [EpisodeStatus!]) {
        episodes(first: 2, after: $after, statuses: $s) {
          edges { cursor node { id status firedAt secondsToAcknowledge secondsToResolve rule { id } } }
          pageInfo { hasNextPage endCursor } } }`;
      type Answer = {
        episodes: {
          edges: { node: { id: string; status: string; secondsToAcknowledge: number } }[];
          pageInfo: { hasNextPage: boolean; endCursor: string };
        };
      };
      const first = await gql<Answer>(query, {}, admin);
      expect(first.errors).toBeUndefined();
      expect(first.data?.episodes.edges.map((e) => e.node.status)).toEqual(['acknowledged', 'resolved']);
      expect(first.data?.episodes.pageInfo.hasNextPage).toBe(true);
      const seen = new Set(first.data?.episodes.edges.map((e) => e.node.id));
      let after = first.data?.episodes.pageInfo.endCursor;
      for (;;) {
        const next = await gql<Answer>(query, { after }, admin);
        for (const edge of next.data?.episodes.edges ?? []) seen.add(edge.node.id);
        if (!next.data?.episodes.pageInfo.hasNextPage) break;
        after = next.data.episodes.pageInfo.endCursor;
      }
      expect(seen.size).toBe(5);
      const open = await gql<Answer>(query, { s: ['acknowledged'] }, admin);
      expect(open.data?.episodes.edges).toEqual([
        expect.objectContaining({
          node: expect.objectContaining({ status: 'acknowledged', secondsToAcknowledge: 600 }),
        }),
      ]);
    });

    it('lists history events and deliveries with their links', async () => {
      const events = await gql<{ historyEvents: { nodes: { id: string; kind: string }[] } }>(
        `query ($f: ReportFilterInput) { historyEvents(filter: $f, kinds: [fired], first: 10) {
           nodes { id kind episode { id } deliveries { nodes { provider fallback outcome } } } } }`,
        { f: { ruleIds: [world.ruleA], from: at(900), to: at(1100) } },
        admin,
      );
      expect(events.errors).toBeUndefined();
      expect(events.data?.historyEvents.nodes).toEqual([
        {
          id: e1.firedEventId,
          kind: 'fired',
          episode: { id: e1.id },
          deliveries: {
            nodes: [
              { provider: 'providerTwo', fallback: true, outcome: 'delivered' },
              { provider: 'providerOne', fallback: false, outcome: 'transient' },
            ],
          },
        },
      ]);
      const deliveries = await gql<{ deliveries: { nodes: unknown[] } }>(
        `{ deliveries(outcomes: [delivered], channels: ["sms"]) { nodes { latencyMs event { id rule { name } } } } }`,
        undefined,
        admin,
      );
      expect(deliveries.data?.deliveries.nodes).toHaveLength(3);
      expect(deliveries.data?.deliveries.nodes).toContainEqual({
        latencyMs: 70,
        event: { id: f1.firedEventId, rule: { name: 'Secret rule of team B' } },
      });
    });
  });

  describe('refusals', () => {
    const FIELDS: Record<string, string> = {
      episodes: 'episodes(filter: $f) { nodes { id } }',
      historyEvents: 'historyEvents(filter: $f) { nodes { id } }',
      deliveries: 'deliveries(filter: $f) { nodes { id } }',
      episodeStats: 'episodeStats(filter: $f) { episodes }',
      pageStats: 'pageStats(filter: $f) { pages }',
      deliveryStats: 'deliveryStats(filter: $f) { attempts }',
      noisiestRules: 'noisiestRules(filter: $f) { ruleId }',
      stateDurations: 'stateDurations(filter: $f) { seconds }',
    };
    const ask = (field: string, filter: unknown, token: string) =>
      gql(`query ($f: ReportFilterInput) { ${FIELDS[field]} }`, { f: filter }, token);

    it.each(Object.keys(FIELDS))('%s: a bad filter is VALIDATION_FAILED at its path', async (field) => {
      const bad = onlyError(await ask(field, { from: 'yesterday', to: at(0) }, admin));
      expect(bad.path).toEqual([field]);
      expect(bad.extensions).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { 'filter.from': expect.any(Array) },
      });
      const backwards = onlyError(await ask(field, { from: at(10), to: at(0) }, admin));
      expect(backwards.extensions?.fieldErrors).toEqual({ 'filter.to': ['Must be after from.'] });
    });

    it.each(Object.keys(FIELDS))(
      '%s: another team is FORBIDDEN to a member, a hidden rule NOT_FOUND',
      async (field) => {
        const team = onlyError(await ask(field, { teamIds: [world.teamB] }, memberA));
        expect(team.path).toEqual([field]);
        expect(team.extensions?.code).toBe('FORBIDDEN');
        const rule = onlyError(await ask(field, { ruleIds: [world.ruleB] }, memberA));
        expect(rule.extensions?.code).toBe('NOT_FOUND');
        const anonymous = onlyError(
          await gql(`query ($f: ReportFilterInput) { ${FIELDS[field]} }`, { f: {} }),
        );
        expect(anonymous.extensions?.code).toBe('UNAUTHENTICATED');
        const own = await ask(field, { teamIds: [world.teamA] }, memberA);
        expect(own.errors).toBeUndefined();
      },
    );

    it('connection arguments: first out of range, a foreign cursor, backward paging', async () => {
      const tooMany = onlyError(await gql('{ episodes(first: 500) { nodes { id } } }', undefined, admin));
      expect(tooMany.extensions).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { first: expect.any(Array) },
      });
      const cursor = onlyError(
        await gql('{ historyEvents(after: "bm9wZQ") { nodes { id } } }', undefined, admin),
      );
      expect(cursor.extensions?.fieldErrors).toEqual({ after: ['The cursor is not one this list gave.'] });
      const backward = onlyError(await gql('{ deliveries(last: 2) { nodes { id } } }', undefined, admin));
      expect(backward.extensions?.fieldErrors).toHaveProperty('last');
      const nested = onlyError(
        await gql('{ alertRules { items { episodes(first: 0) { nodes { id } } } } }', undefined, admin),
      );
      expect(nested.path).toEqual(['alertRules', 'items', 0, 'episodes']);
      const noisy = onlyError(await gql('{ noisiestRules(first: 0) { ruleId } }', undefined, admin));
      expect(noisy.extensions?.fieldErrors).toHaveProperty('first');
    });

    it('a nested query whose lists multiply past the cost limit is refused before it runs', async () => {
      const huge = await gql(
        '{ alertRules(perPage: 100) { items { episodes(first: 100) { nodes { events(first: 100) { nodes { id } } } } } } }',
        undefined,
        admin,
      );
      expect(huge.status).toBe(400);
      expect(onlyError(huge).extensions?.code).toBe('QUERY_TOO_COMPLEX');
    });
  });

  it('a member never sees another team’s rule, by any path', async () => {
    // One query per path, each within the default limits; together every path there is.
    const paths = [
      '{ alertRules(perPage: 10) { items { id name episodes(first: 10) { nodes { id rule { name } events(first: 5) { nodes { id deliveries(first: 5) { nodes { id } } } } } } } } }',
      '{ episodes(first: 100) { nodes { id rule { id name } events { nodes { id } } } } }',
      '{ historyEvents(first: 100) { nodes { id rule { id name } episode { id } } } }',
      '{ deliveries(first: 100) { nodes { id event { id rule { id name } } } } }',
      '{ byRule: episodeStats(groupBy: rule) { key { ruleId rule { name } } episodes } }',
      '{ byTeam: episodeStats(groupBy: team) { key { teamId } episodes } all: episodeStats { episodes } }',
      '{ pageStats(groupBy: rule) { key { ruleId } pages } deliveryStats(groupBy: channel) { attempts delivered fallbackAttempts } }',
      '{ noisiestRules { ruleId rule { name } } stateDurations { key { ruleId } seconds } }',
      `{ other: team(id: "${world.teamB}") { rules { id name } } mine: team(id: "${world.teamA}") { rules { id name } } }`,
      `{ user(id: "${adminActor.userId}") { acknowledgements(first: 100) { nodes { id rule { id name } episode { id } } } } }`,
    ];
    const data: Record<string, unknown> = {};
    for (const path of paths) {
      const answer = await gql<Record<string, unknown>>(path, undefined, memberA);
      expect(answer.errors, path).toBeUndefined();
      Object.assign(data, answer.data);
    }
    const answer = { data };
    const text = JSON.stringify(answer.data);
    expect(text).not.toContain(world.ruleB);
    expect(text).not.toContain('Secret rule');
    expect(text).not.toContain(f1.id);
    for (const id of f1.eventIds) expect(text).not.toContain(id);
    expect(text).not.toContain(world.teamB);
    expect(data.all).toEqual([{ episodes: 4 }]);
    expect(data.deliveryStats).toEqual([{ attempts: 3, delivered: 2, fallbackAttempts: 1 }]);
    expect(data.other).toEqual({ rules: [] });
    expect(data.mine).toEqual({ rules: [{ id: world.ruleA, name: 'Rule of team A' }] });
    expect(data.user).toEqual({ acknowledgements: { nodes: expect.any(Array) } });
    expect(
      (data.user as unknown as { acknowledgements: { nodes: unknown[] } }).acknowledgements.nodes,
    ).toHaveLength(4);

    // A delivery of rule B's event, asked for by id through the event link: no event.
    const admins = await gql<{ deliveries: { nodes: { id: string; event: { id: string } }[] } }>(
      '{ deliveries(first: 100) { nodes { id event { id } } } }',
      undefined,
      admin,
    );
    expect(admins.data?.deliveries.nodes).toHaveLength(4);

    // A provider's error text goes to owners and managers only.
    const errors = (token: string) =>
      gql<{ deliveries: { nodes: { error: string | null }[] } }>(
        '{ deliveries(outcomes: [transient]) { nodes { error } } }',
        undefined,
        token,
      );
    expect((await errors(admin)).data?.deliveries.nodes).toEqual([{ error: 'ECONNRESET' }]);
    expect((await errors(memberA)).data?.deliveries.nodes).toEqual([{ error: null }]);
  });

  it('a nested query makes the same number of statements whatever the number of rows', async () => {
    const nested = `{ alertRules(perPage: 5) { items { episodes(first: 5) { nodes { id rule { id }
      events(first: 5) { nodes { id episode { id } deliveries(first: 5) { nodes { id event { id } } } } } } } } } }`;
    const connection = t.database.db.orm.em.getConnection();
    const count = async () => {
      const spy = vi.spyOn(connection, 'execute');
      const answer = await gql(nested, undefined, admin);
      expect(answer.errors).toBeUndefined();
      const statements = spy.mock.calls.length;
      spy.mockRestore();
      return { statements, size: JSON.stringify(answer.data).length };
    };
    const before = await count();
    // More of every level: episodes, events, attempts, and a third rule with its own.
    const { seeder, ruleA, ruleB, primary, backup } = world;
    const extraRule = (
      await t.core.alertRules.create(adminActor, {
        ...(
          await import('@oncall/contracts')
        ).alertRuleCreateBody.parse({ type: 'api', name: 'Third', teamIds: [world.teamA] }),
      })
    ).id;
    for (const [index, rule] of [ruleA, ruleB, extraRule, extraRule, extraRule].entries()) {
      await seeder.episode({
        rule,
        firedAt: 5000 + index * 100,
        ackAfter: 10,
        resolveAfter: 20,
        attempts: [
          { config: primary, outcome: 'transient', latencyMs: 10, after: 1 },
          { config: backup, outcome: 'delivered', latencyMs: 20, after: 2 },
        ],
      });
    }
    const after = await count();
    expect(after.size).toBeGreaterThan(before.size * 1.5);
    expect(after.statements).toBe(before.statements);
    // The session, the rule page (ids and count, rows, links), then one per nested level: episodes,
    // their rules (rows, links), events, their episodes, deliveries, their events.
    expect(before.statements).toBeLessThanOrEqual(12);
  });
});

/** A float from SQL arithmetic, to 6 decimal places. */
function close(value: number) {
  return expect.closeTo(value, 6);
}
