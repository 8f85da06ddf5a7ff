import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

interface Who {
  id: string;
  token: string;
}

describe('who sees and manages an endpoint', () => {
  let h: TestApp;
  let admin: string;
  /** Owns the endpoints below. */
  let author: Who;
  /** Named in accessUserIds. */
  let sharedUser: Who;
  /** Member of the team named in accessTeamIds. */
  let teamMember: Who;
  /** Neither. */
  let outsider: Who;
  let manager: Who;
  let teamId: string;
  let shared: { id: string };

  const hook = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    type: 'teams',
    value: `https://hooks.example.com/${encodeURIComponent(name)}`,
    ...extra,
  });
  const names = (body: Array<{ name: string }>) => body.map((e) => e.name).sort();
  const listed = async (who: Who) =>
    names((await h.call('GET', '/api/v1/endpoint?perPage=100', { token: who.token })).json().data);
  const status = async (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, who: Who, body?: unknown) =>
    (await h.call(method, url, { token: who.token, body })).statusCode;

  beforeAll(async () => {
    h = await createTestApp();
    admin = await h.adminToken();
    author = await h.userWithToken('author', 'member');
    sharedUser = await h.userWithToken('shared-user', 'member');
    teamMember = await h.userWithToken('team-member', 'member');
    outsider = await h.userWithToken('outsider', 'member');
    manager = await h.userWithToken('manager', 'manager');
    teamId = (
      await h.call('POST', '/api/v1/team', {
        token: admin,
        body: { name: 'Night shift', ownerId: teamMember.id, userIds: [teamMember.id] },
      })
    ).json().id;
    const create = async (body: unknown) => {
      const response = await h.call('POST', '/api/v1/endpoint', { token: author.token, body });
      expect(response.statusCode).toBe(201);
      return response.json();
    };
    shared = await create(hook('Shared hook', { accessUserIds: [sharedUser.id], accessTeamIds: [teamId] }));
    await create(hook('Private hook'));
    await create({
      name: 'Shared flow',
      type: 'flow',
      steps: [{ type: 'endpoint', endpointIds: [shared.id] }],
      accessUserIds: [sharedUser.id],
    });
  });
  afterAll(() => h.dispose());

  it('shows an endpoint to its owner, its shared users, its teams’ members and admins only', async () => {
    expect(await listed(author)).toEqual(['Private hook', 'Shared flow', 'Shared hook']);
    expect(await listed(sharedUser)).toEqual(['Shared flow', 'Shared hook']);
    expect(await listed(teamMember)).toEqual(['Shared hook']);
    expect(await listed(outsider)).toEqual([]);
    expect(await listed(manager)).toEqual(['Private hook', 'Shared flow', 'Shared hook']);

    const url = `/api/v1/endpoint/${shared.id}`;
    for (const who of [author, sharedUser, teamMember, manager])
      expect(await status('GET', url, who)).toBe(200);
    expect(await status('GET', url, outsider)).toBe(404);
  });

  it('filters indexFlow and createFlowEndpoints by visibility too', async () => {
    const flows = async (who: Who) =>
      names((await h.call('GET', '/api/v1/endpoint/indexFlow', { token: who.token })).json());
    const candidates = async (who: Who) =>
      names((await h.call('GET', '/api/v1/endpoint/createFlowEndpoints', { token: who.token })).json());
    expect(await flows(sharedUser)).toEqual(['Shared flow']);
    expect(await flows(teamMember)).toEqual([]);
    expect(await candidates(teamMember)).toEqual(['Shared hook']);
    expect(await candidates(outsider)).toEqual([]);
    expect(await candidates(author)).toEqual(['Private hook', 'Shared hook']);
  });

  it('answers 404 to those who cannot see it and 403 to those who see but do not own it', async () => {
    const url = `/api/v1/endpoint/${shared.id}`;
    const body = hook('Hijacked');
    const owner = `/api/v1/endpoint/changeOwner/${shared.id}`;
    for (const who of [sharedUser, teamMember]) {
      expect(await status('PUT', url, who, body)).toBe(403);
      expect(await status('DELETE', url, who)).toBe(403);
      expect(await status('POST', owner, who, { userId: who.id })).toBe(403);
    }
    expect(await status('PUT', url, outsider, body)).toBe(404);
    expect(await status('DELETE', url, outsider)).toBe(404);
    expect(await status('POST', owner, outsider, { userId: outsider.id })).toBe(404);
    expect((await h.call('GET', url, { token: author.token })).json().name).toBe('Shared hook');
  });

  it('lets owner and manager roles manage any endpoint', async () => {
    const url = `/api/v1/endpoint/${shared.id}`;
    const keepSharing = { accessUserIds: [sharedUser.id], accessTeamIds: [teamId] };
    expect(await status('PUT', url, manager, hook('Shared hook', keepSharing))).toBe(200);
    const byAdmin = await h.call('PUT', url, { token: admin, body: hook('Shared hook', keepSharing) });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().userId).toBe(author.id);
  });

  it('follows team membership as it changes', async () => {
    const url = `/api/v1/endpoint/${shared.id}`;
    const team = (name: string, userIds: string[]) =>
      h.call('PUT', `/api/v1/team/${teamId}`, {
        token: admin,
        body: { name, ownerId: teamMember.id, userIds },
      });
    expect((await team('Night shift', [outsider.id])).statusCode).toBe(200);
    expect(await status('GET', url, teamMember)).toBe(404);
    expect(await status('GET', url, outsider)).toBe(200);
    expect(await listed(outsider)).toEqual(['Shared hook']);
    await team('Night shift', [teamMember.id]);
    expect(await status('GET', url, outsider)).toBe(404);
  });

  it('builds flows only from endpoints the writer can see', async () => {
    const steps = [{ type: 'endpoint', endpointIds: [shared.id] }];
    const byOutsider = await h.call('POST', '/api/v1/endpoint', {
      token: outsider.token,
      body: { name: 'Borrowed', type: 'flow', steps },
    });
    expect(byOutsider.statusCode).toBe(422);
    expect(byOutsider.json().errors).toEqual({
      'steps.0.endpointIds.0': ['The selected endpoint is invalid.'],
    });
    const byTeamMember = await h.call('POST', '/api/v1/endpoint', {
      token: teamMember.token,
      body: { name: 'Team flow', type: 'flow', steps },
    });
    expect(byTeamMember.statusCode).toBe(201);
  });

  it('moves an endpoint to a new owner who then manages it alone', async () => {
    const mine = (
      await h.call('POST', '/api/v1/endpoint', { token: author.token, body: hook('Handed over') })
    ).json();
    const moved = await h.call('POST', `/api/v1/endpoint/changeOwner/${mine.id}`, {
      token: author.token,
      body: { userId: outsider.id },
    });
    expect(moved.statusCode).toBe(200);
    const transfer = `/api/v1/endpoint/transfers/${moved.json().transfer.id}/accept`;
    expect(await status('POST', transfer, outsider)).toBe(200);
    const url = `/api/v1/endpoint/${mine.id}`;
    expect(await status('GET', url, author)).toBe(404);
    expect(await status('PUT', url, outsider, hook('Now mine'))).toBe(200);
    expect(await status('DELETE', url, outsider)).toBe(200);
  });
});
