import { Endpoint, sealJson, User } from '@oncall/core/persistence';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

describe('tRPC behavior rules', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let member: string;
  let ruleId: string;
  let otherRuleId: string;
  let endpointId: string;

  const login = async (username: string, password: string) =>
    ((await rpc.mutation('auth.login', { username, password })).data as { accessToken: string }).accessToken;

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
    const memberId = await t.createUser('trpc-behavior-member', 'member', 'member-pass-1');
    member = await login('trpc-behavior-member', 'member-pass-1');
    const create = async (name: string) =>
      (
        (await rpc.mutation('alertRules.create', { type: 'api', name, userIds: [memberId] }, admin)).data as {
          id: string;
        }
      ).id;
    ruleId = await create('trpc behavior target');
    otherRuleId = await create('trpc behavior dependency');
    const em = t.core.orm.em.fork();
    const adminUser = await em.findOneOrFail(User, { username: ADMIN.username });
    const endpoint = em.create(Endpoint, {
      name: 'trpc behavior endpoint',
      type: 'teams',
      sealedDestination: sealJson(t.core.secretBox, { value: 'https://hooks.example.invalid/x' }),
      owner: adminUser,
    });
    await em.flush();
    endpointId = endpoint.id;
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('creates, lists, offers dependencies, updates and deletes through the same use cases', async () => {
    const created = await rpc.mutation(
      'behaviorRules.create',
      { alertRuleId: ruleId, type: 'silent', dependsOnAlertRuleIds: [otherRuleId], triggerState: 'resolved' },
      admin,
    );
    expect(created.status).toBe(200);
    const rule = (created.data as { rule: { id: string } }).rule;
    expect(created.data).toMatchObject({
      status: true,
      rule: { type: 'silent', dependsOnAlertRuleIds: [otherRuleId] },
    });

    const listed = await rpc.query('behaviorRules.list', { alertRuleId: ruleId }, member);
    expect(listed.data).toMatchObject({ rules: [{ id: rule.id, triggerState: 'resolved' }] });
    const selectable = await rpc.query('behaviorRules.selectableAlertRules', { alertRuleId: ruleId }, admin);
    expect(selectable.data).toEqual([{ id: otherRuleId, name: 'trpc behavior dependency', type: 'api' }]);

    const updated = await rpc.mutation(
      'behaviorRules.update',
      { alertRuleId: ruleId, ruleId: rule.id, triggerState: 'critical' },
      admin,
    );
    expect(updated.data).toMatchObject({
      rule: { triggerState: 'critical', dependsOnAlertRuleIds: [otherRuleId] },
    });

    const deleted = await rpc.mutation(
      'behaviorRules.delete',
      { alertRuleId: ruleId, ruleId: rule.id },
      admin,
    );
    expect(deleted.data).toMatchObject({ status: true, rule: { id: rule.id } });
    expect((await rpc.query('behaviorRules.list', { alertRuleId: ruleId }, admin)).data).toEqual({
      rules: [],
    });
  });

  it('refuses unknown fields, bad fields at their paths and another kind', async () => {
    const strict = await rpc.mutation(
      'behaviorRules.create',
      { alertRuleId: ruleId, type: 'template', endpointIds: [endpointId], template: 'x', extra: 1 },
      admin,
    );
    expect(strict.status).toBe(422);
    expect(strict.error?.data.fieldErrors).toEqual({ extra: ['The extra field is not allowed.'] });

    const pattern = await rpc.mutation(
      'behaviorRules.create',
      {
        alertRuleId: ruleId,
        type: 'notification',
        filters: [{ key: 'env', value: '!' }],
        endpointIds: [endpointId],
      },
      admin,
    );
    expect(pattern.error?.data).toMatchObject({
      domainCode: 'validation_failed',
      fieldErrors: { 'filters.0.value': ['The pattern is invalid: A value is missing at the end.'] },
    });

    const created = await rpc.mutation(
      'behaviorRules.create',
      { alertRuleId: ruleId, type: 'template', endpointIds: [endpointId], template: 'x' },
      admin,
    );
    const id = (created.data as { rule: { id: string } }).rule.id;
    const kind = await rpc.mutation(
      'behaviorRules.update',
      { alertRuleId: ruleId, ruleId: id, type: 'silent' },
      admin,
    );
    expect(kind.error?.data.fieldErrors).toEqual({
      type: ['The type of a behavior rule cannot be changed.'],
    });
  });

  it('lets a shared member read but not write', async () => {
    const answer = await rpc.mutation(
      'behaviorRules.create',
      { alertRuleId: ruleId, type: 'silent', dependsOnAlertRuleIds: [otherRuleId], triggerState: 'resolved' },
      member,
    );
    expect(answer.status).toBe(403);
    expect(answer.error?.data.domainCode).toBe('forbidden');
    expect((await rpc.query('behaviorRules.list', { alertRuleId: ruleId }, member)).status).toBe(200);
  });
});
