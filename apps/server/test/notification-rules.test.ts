import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

/**
 * People's notification rules over REST and tRPC: a user manages their own (one of their own
 * endpoints, not a flow, a delay in minutes), owners and managers may read another's, and bad input
 * is a 422 at its field. Paging by the rules is tested on the engine in packages/engine.
 */
describe('notification rules', () => {
  let h: TestApp;
  let admin: string;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let aliceChat: string;
  let aliceHook: string;
  let aliceFlow: string;
  let bobChat: string;

  const endpoint = async (token: string, name: string) => {
    const response = await h.call('POST', '/api/v1/endpoint', {
      token,
      body: { name, type: 'teams', value: `https://hooks.example.com/${encodeURIComponent(name)}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };

  beforeAll(async () => {
    h = await createTestApp();
    admin = await h.adminToken();
    alice = await h.userWithToken('rules-alice', 'member');
    bob = await h.userWithToken('rules-bob', 'member');
    aliceChat = await endpoint(alice.token, 'Alice chat');
    aliceHook = await endpoint(alice.token, 'Alice hook');
    bobChat = await endpoint(bob.token, 'Bob chat');
    const flow = await h.call('POST', '/api/v1/endpoint', {
      token: alice.token,
      body: { name: 'Alice flow', type: 'flow', steps: [{ type: 'endpoint', endpointIds: [aliceChat] }] },
    });
    expect(flow.statusCode, flow.body).toBeLessThan(300);
    aliceFlow = flow.json().id;
  });
  afterAll(() => h.dispose());

  const create = (token: string, body: unknown) =>
    h.call('POST', '/api/v1/profile/notification-rule', { token, body });

  it('creates, lists, reads, updates and deletes the caller’s own rules', async () => {
    const atOnce = await create(alice.token, { urgency: 'high', delayMinutes: 0, endpointId: aliceChat });
    expect(atOnce.statusCode, atOnce.body).toBe(201);
    expect(atOnce.json()).toMatchObject({
      userId: alice.id,
      urgency: 'high',
      delayMinutes: 0,
      endpointId: aliceChat,
    });
    // Urgency defaults to default.
    const later = await create(alice.token, { delayMinutes: 5, endpointId: aliceHook });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json()).toMatchObject({ urgency: 'default', delayMinutes: 5 });

    const listed = await h.call('GET', '/api/v1/profile/notification-rule', { token: alice.token });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((rule: { id: string }) => rule.id)).toEqual([later.json().id, atOnce.json().id]);

    const id = later.json().id;
    const updated = await h.call('PUT', `/api/v1/profile/notification-rule/${id}`, {
      token: alice.token,
      body: { urgency: 'default', delayMinutes: 2, endpointId: aliceChat },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id, delayMinutes: 2, endpointId: aliceChat });
    const read = await h.call('GET', `/api/v1/profile/notification-rule/${id}`, { token: alice.token });
    expect(read.json()).toEqual(updated.json());

    const deleted = await h.call('DELETE', `/api/v1/profile/notification-rule/${id}`, { token: alice.token });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await h.call('GET', `/api/v1/profile/notification-rule/${id}`, { token: alice.token })).statusCode,
    ).toBe(404);
  });

  it('422s bad input at its field: another’s endpoint, a flow, an unknown endpoint, a bad delay or urgency, a duplicate', async () => {
    const errorsOf = async (body: unknown) => {
      const response = await create(alice.token, body);
      expect(response.statusCode, response.body).toBe(422);
      return response.json().errors;
    };
    expect(await errorsOf({ delayMinutes: 0, endpointId: bobChat })).toEqual({
      endpointId: ['The contact method must be one of your own endpoints.'],
    });
    expect(await errorsOf({ delayMinutes: 0, endpointId: UNKNOWN_ID })).toEqual({
      endpointId: ['The contact method must be one of your own endpoints.'],
    });
    expect(await errorsOf({ delayMinutes: 0, endpointId: aliceFlow })).toEqual({
      endpointId: ['A flow cannot be a contact method.'],
    });
    expect(Object.keys(await errorsOf({ delayMinutes: -1, endpointId: aliceHook }))).toEqual([
      'delayMinutes',
    ]);
    expect(Object.keys(await errorsOf({ delayMinutes: 1.5, endpointId: aliceHook }))).toEqual([
      'delayMinutes',
    ]);
    expect(Object.keys(await errorsOf({ delayMinutes: 1441, endpointId: aliceHook }))).toEqual([
      'delayMinutes',
    ]);
    expect(
      Object.keys(await errorsOf({ urgency: 'urgent', delayMinutes: 0, endpointId: aliceHook })),
    ).toEqual(['urgency']);
    expect(Object.keys(await errorsOf({ delayMinutes: 0 }))).toEqual(['endpointId']);

    const first = await create(alice.token, { urgency: 'default', delayMinutes: 10, endpointId: aliceHook });
    expect(first.statusCode, first.body).toBe(201);
    expect(await errorsOf({ urgency: 'default', delayMinutes: 10, endpointId: aliceHook })).toEqual({
      endpointId: ['This contact method already has a rule at this urgency and delay.'],
    });
    const second = await create(alice.token, { urgency: 'default', delayMinutes: 11, endpointId: aliceHook });
    const clash = await h.call('PUT', `/api/v1/profile/notification-rule/${second.json().id}`, {
      token: alice.token,
      body: { urgency: 'default', delayMinutes: 10, endpointId: aliceHook },
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toHaveProperty('endpointId');
  });

  it('keeps one user’s rules from another: members neither read nor change them, admins only read', async () => {
    const rule = await create(bob.token, { delayMinutes: 1, endpointId: bobChat });
    expect(rule.statusCode, rule.body).toBe(201);
    const id = rule.json().id;

    const peek = await h.call('GET', `/api/v1/profile/notification-rule?userId=${bob.id}`, {
      token: alice.token,
    });
    expect(peek.statusCode).toBe(403);
    expect(
      (await h.call('GET', `/api/v1/profile/notification-rule/${id}`, { token: alice.token })).statusCode,
    ).toBe(404);
    const change = await h.call('PUT', `/api/v1/profile/notification-rule/${id}`, {
      token: alice.token,
      body: { delayMinutes: 3, endpointId: aliceChat },
    });
    expect(change.statusCode).toBe(404);
    const remove = await h.call('DELETE', `/api/v1/profile/notification-rule/${id}`, { token: alice.token });
    expect(remove.statusCode).toBe(404);

    const read = await h.call('GET', `/api/v1/profile/notification-rule?userId=${bob.id}`, { token: admin });
    expect(read.statusCode).toBe(200);
    expect(read.json().map((each: { id: string }) => each.id)).toEqual([id]);
    const adminChange = await h.call('DELETE', `/api/v1/profile/notification-rule/${id}`, { token: admin });
    expect(adminChange.statusCode).toBe(404);
  });

  it('deletes a rule with its endpoint', async () => {
    const doomed = await endpoint(alice.token, 'Alice doomed');
    const rule = await create(alice.token, { delayMinutes: 7, endpointId: doomed });
    expect(rule.statusCode, rule.body).toBe(201);
    expect((await h.call('DELETE', `/api/v1/endpoint/${doomed}`, { token: alice.token })).statusCode).toBe(
      200,
    );
    const listed = await h.call('GET', '/api/v1/profile/notification-rule', { token: alice.token });
    expect(listed.json().map((each: { id: string }) => each.id)).not.toContain(rule.json().id);
  });

  it('answers the same on tRPC, where a 422 keeps its field path', async () => {
    const created = await h.call('POST', '/trpc/profile.notificationRules.create', {
      token: bob.token,
      body: { urgency: 'high', delayMinutes: 4, endpointId: bobChat },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().result.data;
    const listed = await h.call('GET', '/trpc/profile.notificationRules.list', { token: bob.token });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().result.data.map((rule: { id: string }) => rule.id)).toContain(id);
    const updated = await h.call('POST', '/trpc/profile.notificationRules.update', {
      token: bob.token,
      body: { id, data: { urgency: 'high', delayMinutes: 6, endpointId: bobChat } },
    });
    expect(updated.json().result.data).toMatchObject({ id, delayMinutes: 6 });
    const bad = await h.call('POST', '/trpc/profile.notificationRules.create', {
      token: bob.token,
      body: { delayMinutes: 0, endpointId: aliceChat },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('endpointId');
    const deleted = await h.call('POST', '/trpc/profile.notificationRules.delete', {
      token: bob.token,
      body: { id },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('describes the routes in the OpenAPI document', async () => {
    const document = (await h.call('GET', '/api/v1/openapi.json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/profile/notification-rule', '/api/v1/profile/notification-rule/{id}']),
    );
    expect(JSON.stringify(document)).toContain('delayMinutes');
  });
});
