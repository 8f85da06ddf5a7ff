import { randomUUID } from 'node:crypto';
import { alertRuleCreateBody } from '@oncall/contracts';
import type { Actor } from '@oncall/core';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGraphql } from '../src/index';
import { graphqlHttp } from './graphql-http';

const LOGIN = 'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }';

/**
 * Episodes as the lifecycle writes them, not as a seed would: fires through ingestion, an
 * acknowledgement through the rule action (one rule-level `acknowledged` event naming its episodes
 * in its payload), resolves by the source, by hand and by the auto-resolve timer. The clock is the
 * core's, so every time is exact.
 */
describe('GraphQL reporting over the lifecycle’s own writes', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let gql: ReturnType<typeof graphqlHttp>;
  let admin: string;
  let actor: Actor;
  let ruleId: string;
  let t0: number;

  const at = (seconds: number) => new Date(t0 + seconds * 1000).toISOString();
  const moveTo = (seconds: number) => t.clock.advance(t0 + seconds * 1000 - t.clock.now().getTime());
  const rows = (sql: string, params: unknown[] = []) =>
    t.database.db.orm.em.getConnection().execute(sql, params) as Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerGraphql(app, { core: t.core, path: '/graphql' });
    await app.ready();
    gql = graphqlHttp(app);
    admin =
      (await gql<{ login: { accessToken: string } }>(LOGIN, { u: ADMIN.username, p: ADMIN.password })).data
        ?.login.accessToken ?? '';
    actor = await t.core.auth.authenticate(admin);
    const rule = await t.core.alertRules.create(
      actor,
      alertRuleCreateBody.parse({
        type: 'api',
        name: 'Lifecycle report rule',
        enableAutoResolve: true,
        autoResolveMinutes: 1,
      }),
    );
    ruleId = rule.id;
    const token = rule.apiToken ?? '';
    // Whole seconds, so that times compare as ISO strings.
    t0 = Math.ceil(t.clock.now().getTime() / 1000) * 1000 + 1000;

    moveTo(0);
    await t.core.ingestion.fire(token, { alertname: 'cpu', instance: 'db-1' });
    moveTo(10);
    // The rule is already critical: this opening may take the one-statement path.
    await t.core.ingestion.fire(token, { alertname: 'cpu', instance: 'db-2' });
    moveTo(60);
    await expect(t.core.ruleActions.acknowledge(actor, ruleId)).resolves.toMatchObject({ status: true });
    moveTo(300);
    await t.core.ingestion.resolve(token, { alertname: 'cpu', instance: 'db-1' });
    moveTo(400);
    await expect(t.core.ruleActions.resolve(actor, ruleId)).resolves.toMatchObject({ status: true });
    moveTo(500);
    await t.core.ingestion.fire(token, { alertname: 'cpu', instance: 'db-1' });
    moveTo(700);
    const [instance] = await rows(
      "select fingerprint from alert_instances where rule_id = ? and state <> 'resolved'",
      [ruleId],
    );
    await t.core.autoResolver.resolve({
      ruleId,
      instance: String(instance?.fingerprint),
      description: 'Alert resolved automatically',
      lastFiredAt: Date.parse(at(500)),
    });
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('writes the acknowledgement once for the rule, and each resolve on its own episode', async () => {
    const events = await rows(
      `select kind, episode_id is not null as "hasEpisode", payload->'episodeIds' as "episodeIds",
              extract(epoch from created_at - ?::timestamptz)::int as at
         from alert_events where rule_id = ? order by created_at, kind`,
      [at(0), ruleId],
    );
    expect(events.map(({ kind, hasEpisode, at }) => [kind, hasEpisode, at])).toEqual([
      ['fired', true, 0],
      ['fired', true, 10],
      ['acknowledged', false, 60],
      ['resolved', true, 300],
      ['resolved', true, 400],
      ['fired', true, 500],
      ['auto_resolved', true, 700],
    ]);
    expect(events[2]?.episodeIds).toHaveLength(2);
  });

  it('counts the acknowledgement in MTTA and every resolve in MTTR', async () => {
    const stats = await gql<{ episodeStats: unknown[] }>(
      `query ($f: ReportFilterInput) { episodeStats(filter: $f) {
         episodes acknowledged resolved mtta { count mean p50 } mttr { count mean p50 } } }`,
      { f: { ruleIds: [ruleId] } },
      admin,
    );
    expect(stats.errors).toBeUndefined();
    // MTTA: 60 − 0 and 60 − 10. MTTR: 300 − 0, 400 − 10 (by hand), 700 − 500 (automatic).
    expect(stats.data?.episodeStats).toEqual([
      {
        episodes: 3,
        acknowledged: 2,
        resolved: 3,
        mtta: { count: 2, mean: 55, p50: 55 },
        mttr: { count: 3, mean: (300 + 390 + 200) / 3, p50: 300 },
      },
    ]);
  });

  it('lists each episode with its own marks', async () => {
    const list = await gql<{ episodes: { nodes: unknown[] } }>(
      `query ($f: ReportFilterInput) { episodes(filter: $f) {
         nodes { instance status firedAt acknowledgedAt resolvedAt secondsToAcknowledge secondsToResolve } } }`,
      { f: { ruleIds: [ruleId] } },
      admin,
    );
    expect(list.errors).toBeUndefined();
    expect(list.data?.episodes.nodes).toEqual([
      {
        instance: 'db-1',
        status: 'resolved',
        firedAt: at(500),
        acknowledgedAt: null,
        resolvedAt: at(700),
        secondsToAcknowledge: null,
        secondsToResolve: 200,
      },
      {
        instance: 'db-2',
        status: 'resolved',
        firedAt: at(10),
        acknowledgedAt: at(60),
        resolvedAt: at(400),
        secondsToAcknowledge: 50,
        secondsToResolve: 390,
      },
      {
        instance: 'db-1',
        status: 'resolved',
        firedAt: at(0),
        acknowledgedAt: at(60),
        resolvedAt: at(300),
        secondsToAcknowledge: 60,
        secondsToResolve: 300,
      },
    ]);
  });
  it('lists an episode’s events with the acknowledgement that named it', async () => {
    const list = await gql<{ episodes: { nodes: unknown[] } }>(
      `query ($f: ReportFilterInput) { episodes(filter: $f) {
         nodes { instance firedAt events { nodes { kind createdAt } } } } }`,
      { f: { ruleIds: [ruleId] } },
      admin,
    );
    expect(list.errors).toBeUndefined();
    const kinds = (seconds: [string, number][]) => ({
      nodes: seconds.map(([kind, s]) => ({ kind, createdAt: at(s) })),
    });
    expect(list.data?.episodes.nodes).toEqual([
      {
        instance: 'db-1',
        firedAt: at(500),
        events: kinds([
          ['auto_resolved', 700],
          ['fired', 500],
        ]),
      },
      {
        instance: 'db-2',
        firedAt: at(10),
        events: kinds([
          ['resolved', 400],
          ['acknowledged', 60],
          ['fired', 10],
        ]),
      },
      {
        instance: 'db-1',
        firedAt: at(0),
        events: kinds([
          ['resolved', 300],
          ['acknowledged', 60],
          ['fired', 0],
        ]),
      },
    ]);
  });

  it('sums up a statement of several events, stored out of order, to the earliest marks', async () => {
    const episode = randomUUID();
    const user = actor.userId;
    // One insert: the fire, an acknowledgement carrying the episode itself (no writer does so today)
    // after a rule-level one naming it, and two resolves; then, alone, a later fire and earlier marks.
    await rows(
      `insert into alert_events (id, rule_id, instance_id, episode_id, kind, state, rule_state, alertname, instance,
         actor_id, payload, created_at)
       values (?, ?, null, ?, 'fired', 'critical', 'critical', 'cpu', 'db-9', null, null, ?),
              (?, ?, null, ?, 'acknowledged', null, 'critical', null, null, ?, null, ?),
              (?, ?, null, null, 'acknowledged', null, 'critical', null, null, ?, ?, ?),
              (?, ?, null, ?, 'resolved', 'resolved', 'resolved', 'cpu', 'db-9', null, null, ?),
              (?, ?, null, ?, 'auto_resolved', 'resolved', 'resolved', 'cpu', 'db-9', null, null, ?)`,
      [
        ...[randomUUID(), ruleId, episode, at(1000)],
        ...[randomUUID(), ruleId, episode, user, at(1090)],
        ...[randomUUID(), ruleId, user, JSON.stringify({ episodeIds: [episode, 'not-an-id'] }), at(1080)],
        ...[randomUUID(), ruleId, episode, at(1300)],
        ...[randomUUID(), ruleId, episode, at(1200)],
      ],
    );
    await rows(
      `insert into alert_events (id, rule_id, episode_id, kind, state, rule_state, alertname, instance, created_at)
       values (?, ?, ?, 'fired', 'critical', 'critical', 'cpu', 'db-10', ?)`,
      [randomUUID(), ruleId, episode, at(900)],
    );
    await rows(
      `insert into alert_events (id, rule_id, episode_id, kind, state, rule_state, created_at)
       values (?, ?, ?, 'resolved', 'resolved', 'resolved', ?)`,
      [randomUUID(), ruleId, episode, at(1500)],
    );
    const [row] = await rows(
      `select instance, extract(epoch from fired_at - ?::timestamptz)::int as fired,
              extract(epoch from acknowledged_at - ?::timestamptz)::int as acknowledged,
              acknowledged_by_id as "acknowledgedBy", extract(epoch from resolved_at - ?::timestamptz)::int as resolved
         from alert_episodes where episode_id = ?`,
      [at(0), at(0), at(0), episode],
    );
    // The first fire stored opens it (a later duplicate opening changes nothing); marks keep the earliest.
    expect(row).toEqual({
      instance: 'db-9',
      fired: 1000,
      acknowledged: 1080,
      acknowledgedBy: user,
      resolved: 1200,
    });
  });
});
