import type { MikroORM } from '@mikro-orm/postgresql';
import { type Clock, newId } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import { flowWorkflowId, notifyWorkflowId } from '@oncall/workflows';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobIdFor } from '../src/boss/job-id';
import { createTestEngine, type TestEngine } from '../src/testing/index';
import { type People, seedHourlySchedule, seedPeople, seedScheduleTarget } from './support/people';
import { seeder } from './support/seed';

const WAIT = { timeout: 30_000, interval: 25 };
const HOUR = 3_600_000;
/** The hourly rotation below hands off at every full hour (UTC): Ana from 09:00, Ben from 10:00. */
const AT_0930 = Date.UTC(2026, 11, 1, 9, 30);

interface PageRow {
  endpoint_id: string;
  idempotency_key: string;
  recipient: Record<string, unknown> | string | null;
}

describe('flow steps that page people, on the embedded engine', () => {
  let database: TestDatabase;
  let testEngine: TestEngine;
  let orm: MikroORM;
  let seed: ReturnType<typeof seeder>;
  let provider: FakeProviderOne;
  let now = AT_0930;
  const clock: Clock = { now: () => new Date(now) };
  let people: People;
  let teamId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = database.db.orm;
    provider = await startFakeProviderOne();
    testEngine = await createTestEngine(database, { encryptionKey: Buffer.alloc(32, 3), clock });
    seed = seeder(orm, testEngine.box);
    await seed.providerConfig(
      'sms',
      'default',
      'providerOne',
      { senderNumber: '1000', baseUrl: provider.url },
      { apiToken: 'token' },
    );
    ({ people, teamId } = await seedPeople(orm, seed));
  });
  afterAll(async () => {
    await testEngine.dispose();
    await provider.close();
    await database.dispose();
  });

  const schedule = (members: (string | null)[], overrides: unknown[] = []) =>
    seedHourlySchedule(orm, teamId, members, overrides);
  const flowOf = async (steps: unknown[]) =>
    seed.endpoint(people.lead.userId, 'flow', { steps: steps as never });
  const pagesOf = async (alertEventId: string): Promise<PageRow[]> =>
    queryRows<PageRow>(
      orm.em.fork(),
      `select endpoint_id, idempotency_key, recipient from delivery_attempts
        where alert_event_id = ? and outcome = 'delivered' order by idempotency_key`,
      [alertEventId],
    );
  const recipientOf = (row: PageRow | undefined) =>
    typeof row?.recipient === 'string' ? JSON.parse(row.recipient) : row?.recipient;

  it('pages whoever is on call when the step runs, and logs who and why', async () => {
    now = AT_0930;
    // 09:00 is the 9th hand-off: with three members, the 10th shift (index 9) is Ana's.
    const scheduleId = await schedule([people.ana.userId, people.ben.userId, people.cho.userId]);
    const flow = await flowOf([{ type: 'schedule', scheduleId }]);
    const alertEventId = newId();
    await seed.notify(testEngine.engine.orchestrator, alertEventId, flow);

    await vi.waitFor(async () => expect(await pagesOf(alertEventId)).toHaveLength(1), WAIT);
    const [page] = await pagesOf(alertEventId);
    expect(page?.endpoint_id).toBe(people.ana.sms);
    expect(recipientOf(page)).toEqual({
      userId: people.ana.userId,
      via: 'schedule',
      scheduleId,
      layerId: 'layer-1',
      rotationId: 'rotation-1',
      flowEndpointId: flow,
      stepIndex: 0,
    });
  });

  it("pages a rule's schedule target (no flow): whoever is on call, or the team's admins in a gap", async () => {
    now = AT_0930;
    const ruleId = await seed.alertRule(people.lead.userId);
    const scheduleId = await schedule([people.ana.userId, people.ben.userId, people.cho.userId]);
    const target = await seedScheduleTarget(orm, ruleId, scheduleId);
    const alertEventId = newId();
    await seed.notify(testEngine.engine.orchestrator, alertEventId, target);

    await vi.waitFor(async () => expect(await pagesOf(alertEventId)).toHaveLength(1), WAIT);
    const [page] = await pagesOf(alertEventId);
    expect(page?.endpoint_id).toBe(people.ana.sms);
    expect(recipientOf(page)).toEqual({
      userId: people.ana.userId,
      via: 'schedule',
      scheduleId,
      layerId: 'layer-1',
      rotationId: 'rotation-1',
      flowEndpointId: target,
      stepIndex: 0,
    });

    const gap = await seedScheduleTarget(orm, ruleId, await schedule([null]));
    const gapEventId = newId();
    await seed.notify(testEngine.engine.orchestrator, gapEventId, gap);
    await vi.waitFor(async () => expect(await pagesOf(gapEventId)).toHaveLength(1), WAIT);
    const [adminPage] = await pagesOf(gapEventId);
    expect(adminPage?.endpoint_id).toBe(people.lead.sms);
    expect(recipientOf(adminPage)).toMatchObject({ userId: people.lead.userId, via: 'teamAdmins' });
  });

  it('names the override that put someone on call', async () => {
    now = AT_0930;
    const overrideId = newId();
    const scheduleId = await schedule(
      [people.ana.userId, people.ben.userId, people.cho.userId],
      [
        {
          id: overrideId,
          kind: 'replace',
          userId: people.cho.userId,
          replacedUserId: people.ana.userId,
          from: AT_0930 - HOUR,
          until: AT_0930 + HOUR,
        },
      ],
    );
    const flow = await flowOf([{ type: 'schedule', scheduleId }]);
    const alertEventId = newId();
    await seed.notify(testEngine.engine.orchestrator, alertEventId, flow);

    await vi.waitFor(async () => expect(await pagesOf(alertEventId)).toHaveLength(1), WAIT);
    const [page] = await pagesOf(alertEventId);
    expect(page?.endpoint_id).toBe(people.cho.sms);
    expect(recipientOf(page)).toMatchObject({ userId: people.cho.userId, via: 'schedule', overrideId });
  });

  it('pages the new person when the shift hands off in the middle of the escalation', async () => {
    now = AT_0930;
    const scheduleId = await schedule([people.ana.userId, people.ben.userId, people.cho.userId]);
    const step = { type: 'schedule', scheduleId };
    const flow = await flowOf([step, { type: 'wait', duration: 3, timeUnit: 's' }, step]);
    const alertEventId = newId();
    await seed.notify(testEngine.engine.orchestrator, alertEventId, flow);

    // Step 0 has run (its wait is queued): the clock passes the 10:00 hand-off before the wait ends.
    const timerJob = jobIdFor(`${flowWorkflowId(alertEventId, flow)}:step:1`);
    await vi.waitFor(async () => {
      const jobs = await queryRows(orm.em.fork(), 'select id from pgboss.job where name = ? and id = ?', [
        'oncall-flow',
        timerJob,
      ]);
      expect(jobs).toHaveLength(1);
    }, WAIT);
    now = AT_0930 + HOUR;

    await vi.waitFor(async () => expect(await pagesOf(alertEventId)).toHaveLength(2), WAIT);
    const pages = await pagesOf(alertEventId);
    expect(pages.map((page) => [page.endpoint_id, recipientOf(page).stepIndex])).toEqual(
      expect.arrayContaining([
        [people.ana.sms, 0],
        [people.ben.sms, 2],
      ]),
    );
  });

  it('pages the on-call person again in each round of a repeat, once per round, until acknowledged', async () => {
    now = AT_0930;
    const scheduleId = await schedule([people.ana.userId, people.ben.userId, people.cho.userId]);
    const flow = await flowOf([
      { type: 'schedule', scheduleId },
      // Long enough that the round's page is recorded before its wait ends, on a loaded machine.
      { type: 'wait', duration: 4, timeUnit: 's' },
      { type: 'repeat', rounds: 5 },
    ]);
    const alertEventId = newId();
    await seed.notify(testEngine.engine.orchestrator, alertEventId, flow);
    const round1Key = notifyWorkflowId(alertEventId, people.ana.sms, 0, 1);
    await vi.waitFor(async () => {
      expect((await pagesOf(alertEventId)).map((page) => page.idempotency_key)).toEqual(
        expect.arrayContaining([expect.stringContaining(round1Key)]),
      );
    }, WAIT);
    await seed.stopEscalations(testEngine.engine.orchestrator, alertEventId);

    // Round 1's wait job runs, reads the stop marker and finishes the flow: no round 2.
    const timerJob = jobIdFor(`${flowWorkflowId(alertEventId, flow)}:step:1:round:1`);
    await vi.waitFor(async () => {
      const [job] = await queryRows<{ state: string }>(
        orm.em.fork(),
        'select state from pgboss.job where name = ? and id = ?',
        ['oncall-flow', timerJob],
      );
      expect(job?.state).toBe('completed');
    }, WAIT);
    const pages = await pagesOf(alertEventId);
    expect(pages).toHaveLength(2);
    expect(pages.map((page) => page.endpoint_id)).toEqual([people.ana.sms, people.ana.sms]);
    expect(
      pages.some((page) =>
        page.idempotency_key.startsWith(notifyWorkflowId(alertEventId, people.ana.sms, 0, 2)),
      ),
    ).toBe(false);
  });

  it('goes on to the next step at once when nobody is on call (a gap), skipping the wait', async () => {
    now = AT_0930;
    const scheduleId = await schedule([null]);
    const flow = await flowOf([
      { type: 'schedule', scheduleId, ifNobodyOnCall: 'nextStep' },
      // An hour: the test would time out if the empty step waited it out.
      { type: 'wait', duration: 1, timeUnit: 'h' },
      { type: 'user', userId: people.lead.userId },
    ]);
    const alertEventId = newId();
    await seed.notify(testEngine.engine.orchestrator, alertEventId, flow);

    await vi.waitFor(async () => expect(await pagesOf(alertEventId)).toHaveLength(1), WAIT);
    const [page] = await pagesOf(alertEventId);
    expect(page?.endpoint_id).toBe(people.lead.sms);
    expect(recipientOf(page)).toMatchObject({ userId: people.lead.userId, via: 'user', stepIndex: 2 });
  });

  it("pages the team's admins when nobody is on call and the step says so", async () => {
    now = AT_0930;
    const scheduleId = await schedule([null]);
    const flow = await flowOf([{ type: 'schedule', scheduleId, ifNobodyOnCall: 'teamAdmins' }]);
    const alertEventId = newId();
    await seed.notify(testEngine.engine.orchestrator, alertEventId, flow);

    await vi.waitFor(async () => expect(await pagesOf(alertEventId)).toHaveLength(1), WAIT);
    const [page] = await pagesOf(alertEventId);
    expect(page?.endpoint_id).toBe(people.lead.sms);
    expect(recipientOf(page)).toMatchObject({
      userId: people.lead.userId,
      via: 'teamAdmins',
      scheduleId,
      teamId,
    });
  });
});
