import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

describe('teams', () => {
  let h: TestApp;
  let owner: string;
  let manager: { id: string; token: string };
  let member: { id: string; token: string };
  let lead: { id: string; token: string };

  beforeAll(async () => {
    h = await createTestApp();
    owner = await h.adminToken();
    manager = await h.userWithToken('manager1', 'manager');
    member = await h.userWithToken('member1', 'member');
    lead = await h.userWithToken('lead1', 'member');
  });
  afterAll(() => h.dispose());

  const body = (name: string, ownerId: string, userIds: string[] = []) => ({
    name,
    ownerId,
    userIds,
    description: `${name} team`,
  });

  it('creates with 201 for owner and manager roles, 403 for members, 401 anonymous', async () => {
    const created = await h.call('POST', '/api/v1/team', {
      token: owner,
      body: body('Ops', lead.id, [lead.id, member.id]),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Ops',
      description: 'Ops team',
      ownerId: lead.id,
      owner: { id: lead.id, username: 'lead1' },
    });
    expect([...created.json().userIds].sort()).toEqual([lead.id, member.id].sort());
    expect(
      (await h.call('POST', '/api/v1/team', { token: manager.token, body: body('Db', manager.id) }))
        .statusCode,
    ).toBe(201);
    expect(
      (await h.call('POST', '/api/v1/team', { token: member.token, body: body('Nope', member.id) }))
        .statusCode,
    ).toBe(403);
    expect((await h.call('POST', '/api/v1/team', { body: body('Anon', member.id) })).statusCode).toBe(401);
  });

  it('422s missing fields, wrong types and unknown users at their field paths', async () => {
    const missing = await h.call('POST', '/api/v1/team', { token: owner, body: {} });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['name', 'ownerId', 'userIds']);
    const types = await h.call('POST', '/api/v1/team', {
      token: owner,
      body: { name: 'x', ownerId: 3, userIds: 'all' },
    });
    expect(Object.keys(types.json().errors).sort()).toEqual(['ownerId', 'userIds']);
    const unknownOwner = await h.call('POST', '/api/v1/team', {
      token: owner,
      body: body('Ghost', UNKNOWN_ID),
    });
    expect(unknownOwner.statusCode).toBe(422);
    expect(unknownOwner.json().errors).toEqual({ ownerId: ['The selected owner is invalid.'] });
    const unknownMembers = await h.call('POST', '/api/v1/team', {
      token: owner,
      body: body('Ghosts', lead.id, [lead.id, UNKNOWN_ID, 'garbage']),
    });
    expect(unknownMembers.statusCode).toBe(422);
    expect(Object.keys(unknownMembers.json().errors).sort()).toEqual(['userIds.1', 'userIds.2']);
  });

  it('lists with the paginator and a name filter, and lists all', async () => {
    const page = (await h.call('GET', '/api/v1/team?name=op&perPage=10', { token: member.token })).json();
    expect(page).toMatchObject({ total: 1, per_page: 10, current_page: 1 });
    expect(page.data[0].name).toBe('Ops');
    const all = (await h.call('GET', '/api/v1/team/all', { token: member.token })).json();
    expect(all.map((t: { name: string }) => t.name).sort()).toEqual(['Db', 'Ops']);
    expect((await h.call('GET', '/api/v1/team')).statusCode).toBe(401);
  });

  it('reads one team; 404 for unknown and malformed ids', async () => {
    const [ops] = (await h.call('GET', '/api/v1/team?name=Ops', { token: owner })).json().data;
    expect((await h.call('GET', `/api/v1/team/${ops.id}`, { token: member.token })).json().name).toBe('Ops');
    expect((await h.call('GET', `/api/v1/team/${UNKNOWN_ID}`, { token: owner })).statusCode).toBe(404);
    expect((await h.call('GET', '/api/v1/team/123', { token: owner })).statusCode).toBe(404);
  });

  it('updates: managers and the team owner may, other members may not', async () => {
    const [ops] = (await h.call('GET', '/api/v1/team?name=Ops', { token: owner })).json().data;
    const byLead = await h.call('PUT', `/api/v1/team/${ops.id}`, {
      token: lead.token,
      body: body('Ops', lead.id, [lead.id]),
    });
    expect(byLead.statusCode).toBe(200);
    expect(byLead.json().userIds).toEqual([lead.id]);
    expect(
      (await h.call('PUT', `/api/v1/team/${ops.id}`, { token: member.token, body: body('Mine', member.id) }))
        .statusCode,
    ).toBe(403);
    const byManager = await h.call('PUT', `/api/v1/team/${ops.id}`, {
      token: manager.token,
      body: body('Operations', lead.id, [member.id]),
    });
    expect(byManager.json()).toMatchObject({ name: 'Operations', userIds: [member.id] });
    expect(
      (await h.call('PUT', `/api/v1/team/${UNKNOWN_ID}`, { token: owner, body: body('x', lead.id) }))
        .statusCode,
    ).toBe(404);
    const invalid = await h.call('PUT', `/api/v1/team/${ops.id}`, { token: owner, body: { name: '' } });
    expect(invalid.statusCode).toBe(422);
  });

  it('deletes and returns the record; 404 afterwards', async () => {
    const team = (await h.call('POST', '/api/v1/team', { token: owner, body: body('Temp', lead.id) })).json();
    expect((await h.call('DELETE', `/api/v1/team/${team.id}`, { token: member.token })).statusCode).toBe(403);
    const deleted = await h.call('DELETE', `/api/v1/team/${team.id}`, { token: lead.token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().name).toBe('Temp');
    expect((await h.call('DELETE', `/api/v1/team/${team.id}`, { token: owner })).statusCode).toBe(404);
  });
});
