import { loadPluginRegistry } from '@oncall/built-ins';
import { newId, SecretBox } from '@oncall/core';
import { createNotificationRoutes } from '@oncall/core/testing';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { createOnCallPeople } from '@oncall/schedules';
import {
  createActivities,
  DEFAULT_RETRY_POLICY,
  type DeliveryInput,
  decideDispatch,
  type FlowInput,
  type FlowStep,
  initialFlowState,
  LaneSlots,
  readDispatchFacts,
} from '@oncall/workflows';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { flowWorkflow } from '../../workflows/src/temporal/workflows';
import { resetRuntime, runtime } from '../../workflows/test/fake-workflow-runtime';
import { type People, seedHourlySchedule, seedPeople, seedScheduleTarget } from './support/people';
import { seeder } from './support/seed';

// The Temporal driver's flow workflow, its Temporal runtime played by the workflows package's fake
// (time advances as the workflow blocks), over the real activities and this test's database.
vi.mock('@temporalio/workflow', async (importOriginal) => {
  const { fakeWorkflowModule } = await import('../../workflows/test/fake-workflow-module');
  return fakeWorkflowModule(await importOriginal<typeof import('@temporalio/workflow')>());
});

const MINUTE = 60_000;
/** The hourly rotation hands off at every full hour (UTC): at 09:40 Ana is on call, at 10:00 Ben. */
const AT_0940 = Date.UTC(2026, 11, 1, 9, 40);

describe('flow steps that page people, on the Temporal driver', () => {
  let database: TestDatabase;
  let people: People;
  let teamId: string;
  let activities: ReturnType<typeof createActivities>;
  let routes: ReturnType<typeof createNotificationRoutes>;
  let seed: ReturnType<typeof seeder>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const orm = database.db.orm;
    seed = seeder(orm, new SecretBox(Buffer.alloc(32, 5)));
    routes = createNotificationRoutes(orm, { plugins: await loadPluginRegistry(), routeTtlMs: 0 });
    await seed.providerConfig('sms', 'default', 'providerOne', { senderNumber: '1' }, { apiToken: 't' });
    ({ people, teamId } = await seedPeople(orm, seed));
    const unused = async (): Promise<never> => {
      throw new Error('not called by a flow');
    };
    activities = createActivities({
      sender: { send: unused },
      deliveryLog: { append: unused },
      providerChains: { chainFor: unused },
      routes,
      people: createOnCallPeople(orm),
      instances: { resolve: unused },
      shares: { sharesOf: unused },
      laneSlots: new LaneSlots({ perEndpointOwner: 2, perRule: 3, perRuleOwner: 4 }),
    });
  });
  afterAll(async () => {
    await database.dispose();
  });
  beforeEach(() => {
    resetRuntime(AT_0940);
    runtime.activities.routePeopleStep = activities.routePeopleStep;
    runtime.activities.routePeopleStepHeld = activities.routePeopleStepHeld;
    runtime.activities.routeFlowStep = activities.routeFlowStep;
    // Workflow time: the fake runtime's clock, which each wait moves on.
    vi.spyOn(Date, 'now').mockImplementation(() => runtime.now);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const run = async (steps: FlowStep[], flowEndpointId = newId()) => {
    const input: FlowInput = {
      alertEventId: newId(),
      flowEndpointId,
      retryPolicy: DEFAULT_RETRY_POLICY,
      state: initialFlowState(steps),
    };
    await expect(flowWorkflow(input)).resolves.toBe('completed');
    // Each child delivery the workflow started: its endpoint, and who it pages and why.
    const pages = runtime.trace.flatMap((entry) => {
      if (entry.op !== 'startChild') return [];
      const [delivery] = entry.args as [DeliveryInput];
      return delivery.notification.kind === 'alert' ? [delivery.notification] : [];
    });
    runtime.trace.length = 0;
    return pages;
  };

  /** A UTC schedule of the given layers, written as the schedules module stores it. */
  const seedSchedule = async (layers: unknown[]) => {
    const id = newId();
    await database.db.orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into schedules (id, team_id, name, time_zone, layers, overrides, created_at, updated_at)
         values (?, ?, ?, 'UTC', ?, '[]', now(), now())`,
        [id, teamId, `schedule-${id}`, JSON.stringify(layers)],
      );
    return id;
  };
  const hourly = (id: string, members: string[], more: Record<string, unknown> = {}) => ({
    id,
    name: null,
    unit: 'hour',
    every: 1,
    startsAt: '2026-12-01T00:00',
    members,
    ...more,
  });

  it('pages whoever is on call, and a hand-off during the wait pages the new person', async () => {
    const scheduleId = await seedHourlySchedule(database.db.orm, teamId, [
      people.ana.userId,
      people.ben.userId,
      people.cho.userId,
    ]);
    const step: FlowStep = { type: 'schedule', scheduleId };

    const pages = await run([step, { type: 'wait', duration: 30, timeUnit: 'm' }, step]);

    expect(pages).toEqual([
      expect.objectContaining({
        endpointId: people.ana.sms,
        recipient: expect.objectContaining({
          userId: people.ana.userId,
          via: 'schedule',
          scheduleId,
          layerId: 'layer-1',
          rotationId: 'rotation-1',
          stepIndex: 0,
        }),
      }),
      expect.objectContaining({
        endpointId: people.ben.sms,
        recipient: expect.objectContaining({ userId: people.ben.userId, stepIndex: 2 }),
      }),
    ]);
    expect(runtime.now).toBe(AT_0940 + 30 * MINUTE);
  });

  it("starts a rule's schedule target as the one-step flow the workflow starts do, paging who is on call", async () => {
    const scheduleId = await seedHourlySchedule(database.db.orm, teamId, [people.ana.userId]);
    const ruleId = await seed.alertRule(people.lead.userId);
    const target = await seedScheduleTarget(database.db.orm, ruleId, scheduleId);
    // What `workflow-starts.ts` does with the core's notify of the target.
    const notify = {
      type: 'notify',
      alertEventId: newId(),
      endpointId: target,
      policy: DEFAULT_RETRY_POLICY,
    } as const;
    const command = decideDispatch(await readDispatchFacts(notify, routes));
    if (command.type !== 'startFlow') throw new Error(`expected a flow, got ${command.type}`);
    expect(command.input.state.steps).toEqual([
      { type: 'schedule', scheduleId, ifNobodyOnCall: 'teamAdmins', urgency: 'default' },
    ]);

    await expect(flowWorkflow(command.input)).resolves.toBe('completed');
    const pages = runtime.trace.flatMap((entry) => {
      if (entry.op !== 'startChild') return [];
      const [delivery] = entry.args as [DeliveryInput];
      return delivery.notification.kind === 'alert' ? [delivery.notification] : [];
    });
    expect(pages).toEqual([
      expect.objectContaining({
        endpointId: people.ana.sms,
        recipient: expect.objectContaining({
          userId: people.ana.userId,
          via: 'schedule',
          flowEndpointId: target,
        }),
      }),
    ]);
  });

  it('goes on to the next step at once when nobody is on call, skipping the wait', async () => {
    const scheduleId = await seedHourlySchedule(database.db.orm, teamId, [null]);

    const pages = await run([
      { type: 'schedule', scheduleId, ifNobodyOnCall: 'nextStep' },
      { type: 'wait', duration: 1, timeUnit: 'h' },
      { type: 'endpoint', endpointIds: [people.lead.sms] },
    ]);

    expect(pages.map((page) => page.endpointId)).toEqual([people.lead.sms]);
    expect(runtime.now).toBe(AT_0940);
  });

  it("pages the team's admins when nobody is on call and the step says so", async () => {
    const scheduleId = await seedHourlySchedule(database.db.orm, teamId, [null]);

    const pages = await run([{ type: 'schedule', scheduleId, ifNobodyOnCall: 'teamAdmins' }]);

    expect(pages).toEqual([
      expect.objectContaining({
        endpointId: people.lead.sms,
        recipient: expect.objectContaining({ userId: people.lead.userId, via: 'teamAdmins', teamId }),
      }),
    ]);
  });

  it("holds a person's delayed notification rule in a workflow timer, then pages it", async () => {
    // A person of their own: the rules below would change how the other tests' people are paged.
    const dia = await seed.user(`dia-${newId()}`);
    const first = await seed.endpoint(dia, 'sms', { value: '09120000098' });
    const other = await seed.endpoint(dia, 'sms', { value: '09120000099' });
    const rule = (delayMinutes: number, endpointId: string) =>
      database.db.orm.em
        .fork()
        .getConnection()
        .execute(
          `insert into notification_rules (id, user_id, urgency, delay_minutes, endpoint_id, created_at)
           values (?, ?, 'default', ?, ?, now())`,
          [newId(), dia, delayMinutes, endpointId],
        );
    await rule(0, first);
    await rule(3, other);

    const pages = await run([{ type: 'user', userId: dia }]);

    expect(pages.map((page) => [page.endpointId, page.recipient?.rule?.delayMinutes])).toEqual([
      [first, 0],
      [other, 3],
    ]);
    // The flow stayed open for the held page: the workflow's clock moved on by its delay.
    expect(runtime.now).toBe(AT_0940 + 3 * MINUTE);
  });

  it('pages a user and a team through their own endpoints', async () => {
    const em = database.db.orm.em.fork();
    await em
      .getConnection()
      .execute('insert into team_members (team_id, user_id) values (?, ?)', [teamId, people.cho.userId]);

    const pages = await run([
      { type: 'user', userId: people.ben.userId },
      { type: 'team', teamId },
    ]);

    expect(pages.map((page) => [page.endpointId, page.recipient?.via])).toEqual([
      [people.ben.sms, 'user'],
      ...[
        [people.cho.sms, 'team'],
        [people.lead.sms, 'team'],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    ]);
  });

  it("pages a rotation's current person, following its later versions, under a masking layer", async () => {
    const edited = Date.UTC(2026, 11, 1, 9, 0);
    const scheduleId = await seedSchedule([
      {
        id: 'layer-high',
        name: null,
        priority: 1,
        rotations: [hourly('rotation-lead', [people.lead.userId])],
      },
      {
        id: 'layer-low',
        name: null,
        priority: 0,
        rotations: [
          hourly('rotation-1', [people.ana.userId, people.ben.userId], { effectiveUntil: edited }),
          hourly('rotation-2', [people.cho.userId], { effectiveFrom: edited, previousId: 'rotation-1' }),
        ],
      },
    ]);

    const pages = await run([
      { type: 'rotation', scheduleId, rotationId: 'rotation-1' },
      { type: 'schedule', scheduleId },
    ]);

    expect(
      pages.map((page) => [page.endpointId, page.recipient?.rotationId, page.recipient?.stepIndex]),
    ).toEqual([
      [people.cho.sms, 'rotation-2', 0],
      [people.lead.sms, 'rotation-lead', 1],
    ]);
  });

  it('pages nobody for a rotation the schedule does not hold, going on to the next step', async () => {
    const scheduleId = await seedSchedule([
      { id: 'layer-1', name: null, priority: 0, rotations: [hourly('rotation-1', [people.ana.userId])] },
    ]);
    const pages = await run([
      { type: 'rotation', scheduleId, rotationId: 'rotation-gone', ifNobodyOnCall: 'teamAdmins' },
      { type: 'user', userId: people.ben.userId },
    ]);
    expect(pages.map((page) => [page.endpointId, page.recipient?.via])).toEqual([
      [people.lead.sms, 'teamAdmins'],
      [people.ben.sms, 'user'],
    ]);
  });

  it('round-robin pages one person on call per alert, in turn, the same one on a repeat round', async () => {
    const scheduleId = await seedSchedule([
      {
        id: 'layer-1',
        name: null,
        priority: 0,
        rotations: [
          hourly('rotation-a', [people.ana.userId]),
          hourly('rotation-b', [people.ben.userId]),
          hourly('rotation-c', [people.cho.userId]),
        ],
      },
    ]);
    const flowEndpointId = newId();
    const steps: FlowStep[] = [
      { type: 'schedule', scheduleId, roundRobin: true },
      { type: 'wait', duration: 5, timeUnit: 'm' },
      { type: 'repeat', rounds: 1, fromStep: 0 },
    ];
    const paged: (string | undefined)[] = [];
    for (let alert = 0; alert < 4; alert++) {
      const pages = await run(steps, flowEndpointId);
      // The first round and the repeat page the same one person.
      expect(pages).toHaveLength(2);
      expect(pages[1]?.recipient?.userId).toBe(pages[0]?.recipient?.userId);
      expect(pages[0]?.recipient).toEqual(expect.objectContaining({ via: 'schedule', scheduleId }));
      paged.push(pages[0]?.recipient?.userId);
    }
    expect(new Set(paged.slice(0, 3))).toEqual(
      new Set([people.ana.userId, people.ben.userId, people.cho.userId]),
    );
    expect(paged[3]).toBe(paged[0]);
    // The turns are kept in the database: another process (or a restart) goes on from there.
    const [cursor] = await database.db.orm.em
      .fork()
      .getConnection()
      .execute('select turns from round_robin_cursors where step_key = ?', [`${flowEndpointId}:0`]);
    expect(Number(cursor?.turns)).toBe(4);
  });

  it('round-robin over a team pages one of its people per alert', async () => {
    const flowEndpointId = newId();
    const first = await run([{ type: 'team', teamId, roundRobin: true }], flowEndpointId);
    const second = await run([{ type: 'team', teamId, roundRobin: true }], flowEndpointId);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(second[0]?.recipient?.userId).not.toBe(first[0]?.recipient?.userId);
    expect(first[0]?.recipient).toEqual(expect.objectContaining({ via: 'team', teamId }));
  });
});
