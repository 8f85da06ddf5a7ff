import { alertRuleCreateBody, scheduleBody } from '@oncall/contracts';
import type { Actor } from '@oncall/core';
import { Schedules } from '@oncall/schedules';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGraphql } from '../src/index';
import { graphqlHttp, onlyError } from './graphql-http';
import { type SeededEpisode, seedReportWorld, T0 } from './report-seed';

const LOGIN = 'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }';
const HOUR = 3_600_000;

/**
 * Schedules over GraphQL with REST's and tRPC's rules (a member sees their teams' schedules only),
 * who is on call now from the resolver, and who was on call when an episode fired, from the
 * history the engine writes. Member A is in team A, member B in team B; each team has an hourly
 * schedule of its member and the admin, and rule A (team A) fires while member A is on call.
 */
describe('GraphQL schedules', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let gql: ReturnType<typeof graphqlHttp>;
  let admin: string;
  let adminActor: Actor;
  let memberA: string;
  let memberB: string;
  let a: string;
  let b: string;
  let schedules: Schedules;
  let teamA: string;
  let scheduleA: string;
  let scheduleB: string;
  let fired: SeededEpisode;
  let firedAt: number;

  const login = async (u: string, p: string) =>
    (await gql<{ login: { accessToken: string } }>(LOGIN, { u, p })).data?.login.accessToken ?? '';

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    schedules = Schedules.of(t.core);
    await registerGraphql(app, { core: t.core, schedules, path: '/graphql' });
    await app.ready();
    gql = graphqlHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
    adminActor = await t.core.auth.authenticate(admin);
    a = await t.createUser('sched-member-a', 'member', 'member-a-pass-1');
    b = await t.createUser('sched-member-b', 'member', 'member-b-pass-1');
    const world = await seedReportWorld(t, adminActor, { a, b });
    teamA = world.teamA;
    // Start on an hour's turn: member first, the admin the next hour.
    t.clock.advance(HOUR - (t.clock.now().getTime() % HOUR));
    const start = new Date(t.clock.now()).toISOString().slice(0, 16);
    const hourly = (name: string, teamId: string, member: string) =>
      schedules.create(
        adminActor,
        scheduleBody.parse({
          name,
          teamId,
          timeZone: 'Europe/London',
          layers: [
            {
              priority: 0,
              rotations: [{ unit: 'hour', every: 1, startsAt: start, members: [member, adminActor.userId] }],
            },
          ],
        }),
      );
    scheduleA = (await hourly('Team A primary', world.teamA, a)).id;
    scheduleB = (await hourly('Team B primary', world.teamB, b)).id;
    firedAt = t.clock.now().getTime() + 20 * 60_000;
    t.clock.advance(2 * HOUR + 10 * 60_000);
    await schedules.history.recordDue();
    fired = await world.seeder.episode({ rule: world.ruleA, firedAt: (firedAt - T0) / 1000 });
    // Tokens live shorter than the hours the clock moved.
    admin = await login(ADMIN.username, ADMIN.password);
    memberA = await login('sched-member-a', 'member-a-pass-1');
    memberB = await login('sched-member-b', 'member-b-pass-1');
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('lists the caller’s teams’ schedules only, with their team and zone', async () => {
    const query = '{ schedules { id name timeZone team { name } } }';
    const all = await gql<{ schedules: { id: string }[] }>(query, undefined, admin);
    expect(all.errors).toBeUndefined();
    expect(all.data?.schedules.map((s) => s.id)).toEqual([scheduleA, scheduleB]);
    const mine = await gql(query, undefined, memberA);
    expect(mine.data).toEqual({
      schedules: [
        { id: scheduleA, name: 'Team A primary', timeZone: 'Europe/London', team: { name: 'Team A' } },
      ],
    });
  });

  it('answers who is on call now from the resolver, and NOT_FOUND for another team’s schedule', async () => {
    const query =
      'query ($id: ID!) { schedule(id: $id) { name onCallNow { userId name layerId rotationId overrideId } } }';
    // Two hands-offs since the start: back to the member.
    const now = await gql<{ schedule: { onCallNow: { userId: string; rotationId: string | null }[] } }>(
      query,
      { id: scheduleA },
      memberA,
    );
    expect(now.errors).toBeUndefined();
    expect(now.data?.schedule.onCallNow).toEqual([
      expect.objectContaining({
        userId: a,
        name: 'sched-member-a',
        overrideId: null,
        rotationId: expect.any(String),
      }),
    ]);
    const hidden = await gql(query, { id: scheduleB }, memberA);
    expect(onlyError(hidden).extensions?.code).toBe('NOT_FOUND');
  });

  it('names who was on call when an episode fired, as the history wrote it, on the rule’s teams’ schedules', async () => {
    const query = `{ episodes(first: 10) { nodes { id onCallWhenFired { scheduleId scheduleName userId name from until overrideId }
      events(first: 5) { nodes { kind onCallWhenMade { userId } } } } } }`;
    type Answer = {
      episodes: {
        nodes: {
          id: string;
          onCallWhenFired: { scheduleId: string; userId: string; from: string; until: string | null }[];
          events: { nodes: { kind: string; onCallWhenMade: { userId: string }[] }[] };
        }[];
      };
    };
    const answer = await gql<Answer>(query, undefined, memberA);
    expect(answer.errors).toBeUndefined();
    const episode = answer.data?.episodes.nodes.find((e) => e.id === fired.id);
    const turn = firedAt - 20 * 60_000;
    expect(episode?.onCallWhenFired).toEqual([
      {
        scheduleId: scheduleA,
        scheduleName: 'Team A primary',
        userId: a,
        name: 'sched-member-a',
        from: new Date(turn).toISOString(),
        until: new Date(turn + HOUR).toISOString(),
        overrideId: null,
      },
    ]);
    expect(episode?.events.nodes).toEqual([{ kind: 'fired', onCallWhenMade: [{ userId: a }] }]);
    // Episodes of other rules (seeded before the schedules) had nobody on call in the history.
    expect(
      answer.data?.episodes.nodes.filter((e) => e.id !== fired.id).flatMap((e) => e.onCallWhenFired),
    ).toEqual([]);
  });

  it('keeps the stretches within the schedules the caller may use', async () => {
    const query = '{ episodes(first: 10) { nodes { id onCallWhenFired { scheduleId } } } }';
    const anonymousTeamless = await t.createUser('sched-nobody', 'member', 'nobody-pass-1');
    expect(anonymousTeamless).toEqual(expect.any(String));
    const nobody = await login('sched-nobody', 'nobody-pass-1');
    const answer = await gql<{ episodes: { nodes: { onCallWhenFired: unknown[] }[] } }>(
      query,
      undefined,
      nobody,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.episodes.nodes.flatMap((e) => e.onCallWhenFired)).toEqual([]);
  });

  it('reads layers and rotations: recurrence, groups and gaps, active windows, in-force bounds, overrides', async () => {
    const now = t.clock.now().getTime();
    const from = new Date(now + 48 * HOUR).toISOString();
    const until = new Date(now + 30 * 24 * HOUR).toISOString();
    const created = await schedules.create(
      adminActor,
      scheduleBody.parse({
        name: 'Team A shapes',
        teamId: teamA,
        timeZone: 'Europe/Berlin',
        layers: [
          {
            name: 'Weekdays',
            priority: 1,
            rotations: [
              {
                name: 'MWF',
                unit: 'day',
                every: 1,
                startsAt: '2026-11-30T09:00',
                recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
                members: [[a, adminActor.userId], a, null],
                activeWindows: [{ weekdays: [1, 2, 3, 4, 5], start: '08:00', end: '18:00' }],
                effectiveFrom: from,
                effectiveUntil: until,
              },
            ],
          },
        ],
      }),
    );
    await schedules.addOverride(adminActor, created.id, {
      kind: 'replace',
      userId: adminActor.userId,
      replacedUserId: a,
      from: now + HOUR,
      until: now + 2 * HOUR,
    });
    const query = `query ($id: ID!) { schedule(id: $id) {
      layers { name priority rotations { name unit every startsAt recurrence effectiveFrom effectiveUntil
        members { kind userIds } activeWindows { weekdays start end } } }
      overrides { kind userId replacedUserId from until } } }`;
    const answer = await gql<{ schedule: unknown }>(query, { id: created.id }, memberA);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.schedule).toEqual({
      layers: [
        {
          name: 'Weekdays',
          priority: 1,
          rotations: [
            {
              name: 'MWF',
              unit: 'day',
              every: 1,
              startsAt: '2026-11-30T09:00',
              recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
              effectiveFrom: from,
              effectiveUntil: until,
              members: [
                { kind: 'group', userIds: [a, adminActor.userId] },
                { kind: 'user', userIds: [a] },
                { kind: 'gap', userIds: [] },
              ],
              activeWindows: [{ weekdays: [1, 2, 3, 4, 5], start: '08:00', end: '18:00' }],
            },
          ],
        },
      ],
      overrides: [
        {
          kind: 'replace',
          userId: adminActor.userId,
          replacedUserId: a,
          from: new Date(now + HOUR).toISOString(),
          until: new Date(now + 2 * HOUR).toISOString(),
        },
      ],
    });
  });

  it('shows a rule’s schedule targets, the schedule’s name only to those who may use it', async () => {
    const rule = await t.core.alertRules.create(
      adminActor,
      alertRuleCreateBody.parse({
        type: 'api',
        name: 'Paging team A',
        userIds: [a, b],
        scheduleTargets: [
          { scheduleId: scheduleA, urgency: 'high', ifNobodyOnCall: 'nobody', roundRobin: true },
        ],
      }),
    );
    const query = `query ($id: ID!) { alertRule(id: $id) { scheduleTargets {
      id scheduleId scheduleName ifNobodyOnCall urgency roundRobin schedule { name onCallNow { userId } } } } }`;
    const settings = {
      id: rule.scheduleTargets[0]?.id,
      scheduleId: scheduleA,
      ifNobodyOnCall: 'nobody',
      urgency: 'high',
      roundRobin: true,
    };
    const usable = await gql<{ alertRule: unknown }>(query, { id: rule.id }, memberA);
    expect(usable.errors).toBeUndefined();
    expect(usable.data?.alertRule).toEqual({
      scheduleTargets: [
        {
          ...settings,
          scheduleName: 'Team A primary',
          schedule: { name: 'Team A primary', onCallNow: [{ userId: expect.any(String) }] },
        },
      ],
    });
    // Member B reads the rule (it is shared with them) but is not in team A.
    const other = await gql<{ alertRule: unknown }>(query, { id: rule.id }, memberB);
    expect(other.errors).toBeUndefined();
    expect(other.data?.alertRule).toEqual({
      scheduleTargets: [{ ...settings, scheduleName: null, schedule: null }],
    });
    const listed = await gql<{
      alertRules: { items: { scheduleTargets: { scheduleName: string | null }[] }[] };
    }>('{ alertRules(perPage: 100) { items { name scheduleTargets { scheduleName } } } }', undefined, admin);
    expect(listed.errors).toBeUndefined();
    expect(listed.data?.alertRules.items).toContainEqual({
      name: 'Paging team A',
      scheduleTargets: [{ scheduleName: 'Team A primary' }],
    });
  });
});
