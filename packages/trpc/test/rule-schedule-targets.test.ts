import { loadPluginRegistry } from '@oncall/built-ins';
import { User } from '@oncall/core/persistence';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

interface TargetAnswer {
  id: string;
  scheduleId: string;
  scheduleName: string;
  ifNobodyOnCall: string;
  urgency: string;
  roundRobin: boolean;
}

/** A rule's `scheduleTargets` through tRPC: written, read back, and refused at the field. */
describe('tRPC alert rules: scheduleTargets', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let scheduleId: string;

  beforeAll(async () => {
    t = await createTestCore({}, { plugins: await loadPluginRegistry() });
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    const login = await rpc.mutation('auth.login', { username: ADMIN.username, password: ADMIN.password });
    admin = (login.data as { accessToken: string }).accessToken;
    const adminId = (await t.core.orm.em.fork().findOneOrFail(User, { username: ADMIN.username })).id;
    const team = await rpc.mutation(
      'teams.create',
      { name: 'Rpc targets', ownerId: adminId, userIds: [] },
      admin,
    );
    const schedule = await rpc.mutation(
      'schedules.create',
      { name: 'Rpc targeted', teamId: (team.data as { id: string }).id, timeZone: 'UTC', layers: [] },
      admin,
    );
    scheduleId = (schedule.data as { id: string }).id;
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('creates a rule paging a schedule, reads it back and updates the target in place', async () => {
    const created = await rpc.mutation(
      'alertRules.create',
      { type: 'api', name: 'rpc schedule rule', scheduleTargets: [{ scheduleId, roundRobin: true }] },
      admin,
    );
    expect(created.status, JSON.stringify(created.error)).toBe(200);
    const rule = created.data as { id: string; scheduleTargets: TargetAnswer[] };
    expect(rule.scheduleTargets).toEqual([
      {
        id: expect.any(String),
        scheduleId,
        scheduleName: 'Rpc targeted',
        ifNobodyOnCall: 'teamAdmins',
        urgency: 'default',
        roundRobin: true,
      },
    ]);
    const updated = await rpc.mutation(
      'alertRules.update',
      { id: rule.id, scheduleTargets: [{ scheduleId, urgency: 'high' }] },
      admin,
    );
    expect(updated.status, JSON.stringify(updated.error)).toBe(200);
    const read = await rpc.query('alertRules.get', { id: rule.id }, admin);
    expect((read.data as { scheduleTargets: TargetAnswer[] }).scheduleTargets).toEqual([
      { ...rule.scheduleTargets[0], urgency: 'high', roundRobin: false },
    ]);
  });

  it('refuses an unknown schedule and an unknown field of a target with a 422 at the field', async () => {
    const unknown = await rpc.mutation(
      'alertRules.create',
      {
        type: 'api',
        name: 'rpc unknown schedule',
        scheduleTargets: [{ scheduleId: '01890000-0000-7000-8000-000000000000' }],
      },
      admin,
    );
    expect(unknown.status).toBe(422);
    expect(unknown.error?.data.fieldErrors).toEqual({
      'scheduleTargets.0.scheduleId': ['The selected schedule is invalid.'],
    });
    const extra = await rpc.mutation(
      'alertRules.create',
      { type: 'api', name: 'rpc extra field', scheduleTargets: [{ scheduleId, wait: 5 }] },
      admin,
    );
    expect(extra.status).toBe(422);
    expect(Object.keys(extra.error?.data.fieldErrors ?? {})).toEqual(['scheduleTargets.0.wait']);
  });
});
