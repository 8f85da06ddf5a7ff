import { loadPluginRegistry } from '@oncall/built-ins';
import { createNotificationRoutes, newId, SecretBox } from '@oncall/core';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { createOnCallPeople } from '@oncall/schedules';
import {
  createActivities,
  DEFAULT_RETRY_POLICY,
  type DeliveryInput,
  type FlowInput,
  type FlowStep,
  initialFlowState,
  LaneSlots,
} from '@oncall/workflows';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { flowWorkflow } from '../../workflows/src/temporal/workflows';
import { resetRuntime, runtime } from '../../workflows/test/fake-workflow-runtime';
import { type People, seedHourlySchedule, seedPeople } from './support/people';
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

  beforeAll(async () => {
    database = await createTestDatabase();
    const orm = database.db.orm;
    const seed = seeder(orm, new SecretBox(Buffer.alloc(32, 5)));
    await seed.providerConfig('sms', 'default', 'providerOne', { senderNumber: '1' }, { apiToken: 't' });
    ({ people, teamId } = await seedPeople(orm, seed));
    const unused = async (): Promise<never> => {
      throw new Error('not called by a flow');
    };
    activities = createActivities({
      sender: { send: unused },
      deliveryLog: { append: unused },
      providerChains: { chainFor: unused },
      routes: createNotificationRoutes(orm, { plugins: await loadPluginRegistry() }),
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
    runtime.activities.routeFlowStep = activities.routeFlowStep;
    // Workflow time: the fake runtime's clock, which each wait moves on.
    vi.spyOn(Date, 'now').mockImplementation(() => runtime.now);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const run = async (steps: FlowStep[]) => {
    const input: FlowInput = {
      alertEventId: newId(),
      flowEndpointId: newId(),
      retryPolicy: DEFAULT_RETRY_POLICY,
      state: initialFlowState(steps),
    };
    await expect(flowWorkflow(input)).resolves.toBe('completed');
    // Each child delivery the workflow started: its endpoint, and who it pages and why.
    return runtime.trace.flatMap((entry) => {
      if (entry.op !== 'startChild') return [];
      const [delivery] = entry.args as [DeliveryInput];
      return delivery.notification.kind === 'alert' ? [delivery.notification] : [];
    });
  };

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
});
