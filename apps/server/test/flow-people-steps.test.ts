import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

/**
 * Flow steps that page people (a schedule's on-call people, a user, a team) over REST: accepted
 * with the schedule's fallback stored, unknown or invisible ids refused with a 422 at the step's
 * field, and the new step types in the OpenAPI document. Paging itself is tested on both engines in
 * packages/engine.
 */
describe('flow people steps over REST', () => {
  let h: TestApp;
  let alice: { id: string; token: string };
  let outsider: { id: string; token: string };
  let teamId: string;
  let scheduleId: string;

  beforeAll(async () => {
    h = await createTestApp();
    const admin = await h.adminToken();
    alice = await h.userWithToken('people-alice', 'member');
    outsider = await h.userWithToken('people-outsider', 'member');
    const team = await h.call('POST', '/api/v1/team', {
      token: admin,
      body: { name: 'Pagers', ownerId: alice.id, userIds: [alice.id] },
    });
    expect(team.statusCode, team.body).toBeLessThan(300);
    teamId = team.json().id ?? team.json().data?.id;
    const schedule = await h.call('POST', '/api/v1/schedule', {
      token: alice.token,
      body: {
        name: 'Primary',
        teamId,
        timeZone: 'Europe/Berlin',
        layers: [
          {
            priority: 0,
            rotations: [{ unit: 'week', every: 1, startsAt: '2026-11-30T10:00', members: [alice.id] }],
          },
        ],
      },
    });
    expect(schedule.statusCode, schedule.body).toBe(201);
    scheduleId = schedule.json().id;
  });
  afterAll(() => h.dispose());

  const createFlow = (steps: unknown[], token = alice.token) =>
    h.call('POST', '/api/v1/endpoint', {
      token,
      body: { name: `Flow ${steps.length}`, type: 'flow', steps },
    });

  it('stores schedule, user and team steps, a schedule step falling back to the next step by default', async () => {
    const created = await createFlow([
      { type: 'schedule', scheduleId },
      { type: 'wait', duration: 5, timeUnit: 'm' },
      { type: 'schedule', scheduleId, ifNobodyOnCall: 'teamAdmins' },
      { type: 'user', userId: alice.id },
      { type: 'team', teamId },
    ]);
    expect(created.statusCode, created.body).toBeLessThan(300);
    const read = await h.call('GET', `/api/v1/endpoint/${created.json().id}`, { token: alice.token });
    expect(read.json().steps).toEqual([
      { type: 'schedule', scheduleId, ifNobodyOnCall: 'nextStep' },
      { type: 'wait', duration: 5, timeUnit: 'm' },
      { type: 'schedule', scheduleId, ifNobodyOnCall: 'teamAdmins' },
      { type: 'user', userId: alice.id },
      { type: 'team', teamId },
    ]);
  });

  it('stores a flow repeating a schedule step until acknowledged, and 422s one whose range holds no wait', async () => {
    const steps = [
      { type: 'schedule', scheduleId, ifNobodyOnCall: 'nextStep' },
      { type: 'wait', duration: 5, timeUnit: 'm' },
      { type: 'repeat', rounds: 2, fromStep: 0 },
    ];
    const created = await createFlow(steps);
    expect(created.statusCode, created.body).toBeLessThan(300);
    expect(created.json().steps).toEqual(steps);

    // A people step pages; it does not wait: repeating only it would page every round at once.
    const refused = await createFlow([
      { type: 'wait', duration: 5, timeUnit: 'm' },
      { type: 'user', userId: alice.id },
      { type: 'repeat', rounds: 2, fromStep: 1 },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'steps.2.fromStep': ['The repeated steps need a wait, or every round would page at once.'],
    });
  });

  it('422s unknown ids at the step field, and a schedule the writer may not use as unknown', async () => {
    const refused = await createFlow([
      { type: 'schedule', scheduleId: UNKNOWN_ID },
      { type: 'user', userId: 'not-an-id' },
      { type: 'team', teamId: UNKNOWN_ID },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'steps.0.scheduleId': ['The selected schedule is invalid.'],
      'steps.1.userId': ['The selected user is invalid.'],
      'steps.2.teamId': ['The selected team is invalid.'],
    });
    const invisible = await createFlow([{ type: 'schedule', scheduleId }], outsider.token);
    expect(invisible.statusCode).toBe(422);
    expect(invisible.json().errors).toEqual({ 'steps.0.scheduleId': ['The selected schedule is invalid.'] });
    const missing = await createFlow([{ type: 'schedule' }]);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['steps.0.scheduleId']);
  });

  it("stores a people step's urgency, and 422s an unknown one at its field", async () => {
    const steps = [
      { type: 'user', userId: alice.id, urgency: 'high' },
      { type: 'team', teamId, urgency: 'default' },
    ];
    const created = await createFlow(steps);
    expect(created.statusCode, created.body).toBeLessThan(300);
    expect(created.json().steps).toEqual(steps);
    const refused = await createFlow([{ type: 'schedule', scheduleId, urgency: 'urgent' }]);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['steps.0.urgency']);
  });

  it('stores a rotation step and round-robin steps, and 422s a rotation the schedule does not hold', async () => {
    const schedule = await h.call('GET', `/api/v1/schedule/${scheduleId}`, { token: alice.token });
    const rotationId = schedule.json().layers[0].rotations[0].id;
    const created = await createFlow([
      { type: 'rotation', scheduleId, rotationId },
      { type: 'schedule', scheduleId, roundRobin: true },
      { type: 'team', teamId, roundRobin: true },
    ]);
    expect(created.statusCode, created.body).toBeLessThan(300);
    expect(created.json().steps).toEqual([
      { type: 'rotation', scheduleId, rotationId, ifNobodyOnCall: 'nextStep' },
      { type: 'schedule', scheduleId, ifNobodyOnCall: 'nextStep', roundRobin: true },
      { type: 'team', teamId, roundRobin: true },
    ]);

    const refused = await createFlow([
      { type: 'rotation', scheduleId, rotationId: UNKNOWN_ID },
      { type: 'rotation', scheduleId: UNKNOWN_ID, rotationId },
      { type: 'team', teamId, roundRobin: 'yes' },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'steps.2.roundRobin': ['roundRobin must be true or false.'],
    });
    const unknown = await createFlow([
      { type: 'rotation', scheduleId, rotationId: UNKNOWN_ID },
      { type: 'rotation', scheduleId: UNKNOWN_ID, rotationId },
    ]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      'steps.0.rotationId': ['The selected rotation is not in the schedule.'],
      'steps.1.scheduleId': ['The selected schedule is invalid.'],
    });
  });

  it('describes the people steps in the OpenAPI document', async () => {
    const document = (await h.call('GET', '/api/v1/openapi.json')).body;
    for (const word of [
      'scheduleId',
      'rotationId',
      'roundRobin',
      'ifNobodyOnCall',
      'teamAdmins',
      'userId',
      'teamId',
    ])
      expect(document).toContain(word);
    expect(document).toMatch(/"const":\s*"schedule"|"enum":\s*\[\s*"schedule"\s*\]/);
  });
});
