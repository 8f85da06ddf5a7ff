import { User } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEndpoint } from './support/alert-rule-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The original web UI's forms and lists (skylogsio/skylogs): the API rule form always sends
 * `enableAutoResolve` and `autoResolveMinutes` (`components/AlertRule/Forms/ClientAPIForm.tsx`,
 * minutes `0` when off); the flows page reads `endpoint/indexFlow` through its paginated table
 * (`components/Table/SmartTable/fetchTableData.ts`: `perPage`, `page`, `last_page`, `total`), and
 * both lists show edit and delete by `hasActionAccess` (`@types/endpoint.ts`, `@types/flow.ts`).
 */
describe('create and edit as the legacy web UI sends them', () => {
  let h: TestApp;
  let admin: string;
  let adminId: string;
  let member: { id: string; token: string };

  beforeAll(async () => {
    h = await createTestApp();
    admin = await h.adminToken();
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    member = await h.userWithToken('create-edit-member', 'member');
  });
  afterAll(() => h.dispose());

  it('accepts an API rule with auto-resolve off and 0 minutes, the minutes ignored', async () => {
    // Every field the form sends (`ClientAPIForm.tsx`, its defaults).
    const form = {
      name: 'form-api',
      type: 'api',
      enableAutoResolve: false,
      autoResolveMinutes: 0,
      endpointIds: [],
      userIds: [],
      teamIds: [],
      description: '',
      tags: [],
      showAcknowledgeBtn: false,
    };
    const created = await h.call('POST', '/api/v1/alert-rule', { token: admin, body: form });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ enableAutoResolve: false, autoResolveMinutes: 0 });
    const edited = await h.call('PUT', `/api/v1/alert-rule/${created.json().id}`, {
      token: admin,
      body: { ...form, name: 'form-api-renamed' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'form-api-renamed', enableAutoResolve: false });
    // Turning auto-resolve off on the form sends 0 minutes with it.
    const timed = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: { ...form, name: 'form-api-timed', enableAutoResolve: true, autoResolveMinutes: 5 },
    });
    expect(timed.json()).toMatchObject({ enableAutoResolve: true, autoResolveMinutes: 5 });
    const off = await h.call('PUT', `/api/v1/alert-rule/${timed.json().id}`, {
      token: admin,
      body: { ...form, name: 'form-api-timed' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enableAutoResolve: false, autoResolveMinutes: 0 });
    // A rule that does not auto-resolve reads 0 minutes, whatever minutes it keeps from before.
    const on = await h.call('PUT', `/api/v1/alert-rule/${timed.json().id}`, {
      token: admin,
      body: { enableAutoResolve: true, autoResolveMinutes: 7 },
    });
    expect(on.json()).toMatchObject({ enableAutoResolve: true, autoResolveMinutes: 7 });
    const paused = await h.call('PUT', `/api/v1/alert-rule/${timed.json().id}`, {
      token: admin,
      body: { enableAutoResolve: false },
    });
    expect(paused.json()).toMatchObject({ enableAutoResolve: false, autoResolveMinutes: 0 });
    // Zero minutes with auto-resolve on is still refused.
    const zeroOn = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: { ...form, enableAutoResolve: true },
    });
    expect(zeroOn.statusCode).toBe(422);
    expect(Object.keys(zeroOn.json().errors)).toEqual(['autoResolveMinutes']);
  });

  it('pages endpoint/indexFlow when asked for a page, and keeps the bare list otherwise', async () => {
    const sms = await seedEndpoint(h.t, adminId);
    for (const name of ['flow-a', 'flow-b', 'flow-c']) {
      const flow = await h.call('POST', '/api/v1/endpoint', {
        token: admin,
        body: { name, type: 'flow', steps: [{ type: 'endpoint', endpointIds: [sms] }] },
      });
      expect(flow.statusCode, flow.body).toBe(201);
    }
    const page = await h.call(
      'GET',
      '/api/v1/endpoint/indexFlow?perPage=2&page=2&name=&sortBy=_id&sortType=asc',
      {
        token: admin,
      },
    );
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      current_page: 2,
      per_page: 2,
      total: 3,
      last_page: 2,
      from: 3,
      to: 3,
    });
    expect(page.json().data).toHaveLength(1);
    expect(page.json().data[0]).toMatchObject({ type: 'flow', hasActionAccess: true });
    const named = await h.call('GET', '/api/v1/endpoint/indexFlow?perPage=10&page=1&name=flow-b', {
      token: admin,
    });
    expect(named.json().data.map((f: { name: string }) => f.name)).toEqual(['flow-b']);
    const bare = await h.call('GET', '/api/v1/endpoint/indexFlow', { token: admin });
    expect(Array.isArray(bare.json())).toBe(true);
    expect(bare.json()).toHaveLength(3);
  });

  it('tells each reader whether it may edit and delete an endpoint or a flow', async () => {
    const shared = await seedEndpoint(h.t, adminId, {
      name: 'shared-with-member',
      accessUserIds: [member.id],
    });
    const own = await seedEndpoint(h.t, member.id, { name: 'members-own' });
    const list = (await h.call('GET', '/api/v1/endpoint?perPage=50&page=1', { token: member.token })).json()
      .data as Array<{ id: string; hasActionAccess: boolean }>;
    expect(list.find((e) => e.id === shared)?.hasActionAccess).toBe(false);
    expect(list.find((e) => e.id === own)?.hasActionAccess).toBe(true);
    const read = await h.call('GET', `/api/v1/endpoint/${shared}`, { token: admin });
    expect(read.json().hasActionAccess).toBe(true);

    const flow = async (token: string, name: string, accessUserIds: string[]) => {
      const created = await h.call('POST', '/api/v1/endpoint', {
        token,
        body: { name, type: 'flow', accessUserIds, steps: [{ type: 'endpoint', endpointIds: [own] }] },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    };
    const sharedFlow = await flow(admin, 'flow-shared-with-member', [member.id]);
    const ownFlow = await flow(member.token, 'members-own-flow', []);
    const flows = (
      await h.call('GET', '/api/v1/endpoint/indexFlow?perPage=10&page=1&name=', { token: member.token })
    ).json().data as Array<{ id: string; hasActionAccess: boolean }>;
    expect(flows.find((f) => f.id === sharedFlow)?.hasActionAccess).toBe(false);
    expect(flows.find((f) => f.id === ownFlow)?.hasActionAccess).toBe(true);
    const flowRead = await h.call('GET', `/api/v1/endpoint/${sharedFlow}`, { token: member.token });
    expect(flowRead.json()).toMatchObject({ type: 'flow', hasActionAccess: false });
  });
});
