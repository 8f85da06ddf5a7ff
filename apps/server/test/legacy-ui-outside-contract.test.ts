import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Routes the original web UI calls that the contract does not list (skylogsio/skylogs,
 * `apps/frontend`): the zone picker and Clusters page (`api/cluster.ts`, `@types/cluster.ts`
 * `ICluster`, `components/Wrapper/TopBarZone.tsx`, `app/[locale]/clusters/*`,
 * `components/ConnectionStatus.tsx`) and the `X-Cluster` header every call carries
 * (`lib/axios.ts`); the status page (`api/status.ts`, `@types/status.ts` `IStatusCard`,
 * `components/Status/StatusCardModal.tsx`, which checks `status` in each write's answer);
 * `api/profileService.ts`; `api/setttings/clusterConfig.ts`. The tables ask as
 * `components/Table/SmartTable/fetchTableData.ts` does.
 */
describe('routes the legacy web UI calls outside the contract', () => {
  let h: TestApp;
  let owner: string;
  let member: { id: string; token: string };
  const MAIN = { id: 'main', name: 'main', type: 'main', url: 'http://oncall.test' };
  const table = (url: string) => `${url}?perPage=10&page=1&name=&sortBy=_id&sortType=asc&`;

  beforeAll(async () => {
    h = await createTestApp({ publicUrl: 'http://oncall.test' });
    owner = await h.adminToken();
    member = await h.userWithToken('outside-member', 'member');
  });
  afterAll(() => h.dispose());

  it('answers skylogs-instance/all with the main (no agent registered), without a token, to anyone signed in', async () => {
    const response = await h.call('GET', '/api/v1/skylogs-instance/all', { token: member.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([MAIN]);
    expect((await h.call('GET', '/api/v1/skylogs-instance/all')).statusCode).toBe(401);
  });

  it('answers the Clusters page: the list, one zone and its connection; writes say what holds', async () => {
    const response = await h.call('GET', table('/api/v1/skylogs-instance'), { token: owner });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: [MAIN], total: 1, current_page: 1, last_page: 1 });
    const named = await h.call('GET', '/api/v1/skylogs-instance?name=nothing-like-it', { token: owner });
    expect(named.json()).toMatchObject({ data: [], total: 0 });
    expect((await h.call('GET', '/api/v1/skylogs-instance', { token: member.token })).statusCode).toBe(403);

    expect((await h.call('GET', '/api/v1/skylogs-instance/main', { token: owner })).json()).toEqual(MAIN);
    const connection = await h.call('GET', '/api/v1/skylogs-instance/status/main', { token: member.token });
    expect(connection.json()).toEqual({ isConnected: true });
    expect(
      (await h.call('GET', '/api/v1/skylogs-instance/status/agent-1', { token: owner })).statusCode,
    ).toBe(404);

    // The Clusters form's body (`ClusterModal.tsx`).
    const form = { name: 'eu', type: 'agent', url: 'http://eu.example' };
    const created = await h.call('POST', '/api/v1/skylogs-instance', { token: owner, body: form });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/POST \/api\/v1\/zones/),
    });
    const edited = await h.call('PUT', '/api/v1/skylogs-instance/main', { token: owner, body: form });
    expect(edited.statusCode).toBe(409);
    expect(edited.json().message).toMatch(/PUBLIC_URL/);
    const deleted = await h.call('DELETE', '/api/v1/skylogs-instance/main', { token: owner });
    expect(deleted.statusCode).toBe(409);
    expect((await h.call('DELETE', '/api/v1/skylogs-instance/agent-1', { token: owner })).statusCode).toBe(
      404,
    );
    expect(
      (await h.call('POST', '/api/v1/skylogs-instance', { token: member.token, body: form })).statusCode,
    ).toBe(403);
  });

  it('serves a request naming the main or no zone, and refuses one naming another zone', async () => {
    const rules = (zone: string) =>
      h.call('GET', '/api/v1/alert-rule', { token: owner, headers: { 'X-Cluster': zone } });
    expect((await rules('')).statusCode).toBe(200);
    expect((await rules('main')).statusCode).toBe(200);
    const elsewhere = await rules('64b7f0c2e4b0a1a2b3c4d5e6');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/X-Cluster/),
    });
    // Authentication first; the zone picker and the session answer whatever zone is named.
    const unsigned = await h.call('GET', '/api/v1/alert-rule', { headers: { 'X-Cluster': 'agent-1' } });
    expect(unsigned.statusCode).toBe(401);
    const picker = await h.call('GET', '/api/v1/skylogs-instance/all', {
      token: owner,
      headers: { 'X-Cluster': 'agent-1' },
    });
    expect(picker.statusCode).toBe(200);
    const me = await h.call('POST', '/api/v1/auth/me', { token: owner, headers: { 'X-Cluster': 'agent-1' } });
    expect(me.statusCode).toBe(200);
  });

  it('answers status/all with one card per configured group, from the rules carrying all its tags', async () => {
    const rule = async (name: string, tags: string[]) => {
      const created = await h.call('POST', '/api/v1/alert-rule', {
        token: owner,
        body: { name, type: 'api', tags },
      });
      expect(created.statusCode, created.body).toBe(200);
      return created.json() as { id: string; apiToken: string };
    };
    const web = await rule('status-web', ['web', 'prod', 'eu']);
    const db = await rule('status-db', ['prod']);
    await rule('status-idle', ['prod', 'idle']);
    const fire = await h.call('POST', '/api/v1/fire-alert', {
      token: web.apiToken,
      body: { alertname: 'cpu', instance: 'web-1' },
    });
    expect(fire.statusCode, fire.body).toBe(200);
    const warn = await h.call('POST', '/api/v1/status-alert', {
      token: db.apiToken,
      body: { alertname: 'disk', instance: 'db-1', status: 'warning' },
    });
    expect(warn.statusCode, warn.body).toBe(200);
    expect((await h.call('GET', '/api/v1/status/all', { token: owner })).json()).toEqual([]);

    const create = async (body: unknown) => {
      const created = await h.call('POST', '/api/v1/status', { token: owner, body });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({ status: true });
      return created.json().data as { id: string; name: string; tags: string[] };
    };
    const prod = await create({ name: 'Production', tags: [' prod ', 'prod'] });
    expect(prod.tags).toEqual(['prod']);
    await create({ name: 'Web in prod', tags: ['web', 'prod'] });
    await create({ name: 'Nothing', tags: ['no-such-tag'] });

    const cards = (await h.call('GET', '/api/v1/status/all', { token: owner })).json() as Array<{
      name: string;
    }>;
    expect(cards.map((card) => card.name)).toEqual(['Nothing', 'Production', 'Web in prod']);
    const card = (name: string) => cards.find((c) => c.name === name);
    expect(card('Production')).toEqual({
      id: prod.id,
      name: 'Production',
      state: 'critical',
      criticalCount: 1,
      warningCount: 1,
      tags: ['prod'],
      alertsTags: ['eu', 'web'],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(card('Web in prod')).toMatchObject({ state: 'critical', criticalCount: 1, warningCount: 0 });
    expect(card('Web in prod')).toMatchObject({ alertsTags: ['eu'] });
    expect(card('Nothing')).toMatchObject({
      state: 'resolved',
      criticalCount: 0,
      warningCount: 0,
      alertsTags: [],
    });

    // A member reads every card, counting the rules it sees (none here); only owners and managers arrange them.
    const seen = (await h.call('GET', '/api/v1/status/all', { token: member.token })).json() as Array<{
      state: string;
      criticalCount: number;
    }>;
    expect(seen).toHaveLength(3);
    expect(seen.every((c) => c.state === 'resolved' && c.criticalCount === 0)).toBe(true);
    const refused = await h.call('POST', '/api/v1/status', {
      token: member.token,
      body: { name: 'x', tags: ['a'] },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('edits and deletes status groups, pages them, and refuses a taken name or no tags', async () => {
    const created = await h.call('POST', '/api/v1/status', {
      token: owner,
      body: { name: 'Edge', tags: ['edge'] },
    });
    const id = created.json().data.id as string;
    const taken = await h.call('POST', '/api/v1/status', {
      token: owner,
      body: { name: 'Edge', tags: ['x'] },
    });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toEqual(['name']);
    const noTags = await h.call('POST', '/api/v1/status', { token: owner, body: { name: 'Bare', tags: [] } });
    expect(noTags.statusCode).toBe(422);
    expect(Object.keys(noTags.json().errors)).toEqual(['tags']);

    // Saving a group under its own name is no clash.
    const edited = await h.call('PUT', `/api/v1/status/${id}`, {
      token: owner,
      body: { name: 'Edge', tags: ['edge', 'cdn'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: true, data: { id, name: 'Edge', tags: ['edge', 'cdn'] } });
    expect((await h.call('GET', `/api/v1/status/${id}`, { token: owner })).json()).toMatchObject({
      tags: ['edge', 'cdn'],
    });
    const page = await h.call('GET', '/api/v1/status?perPage=10&page=1&name=edg', { token: owner });
    expect(page.json()).toMatchObject({ data: [{ id, name: 'Edge' }], total: 1, current_page: 1 });
    expect((await h.call('GET', '/api/v1/status', { token: member.token })).statusCode).toBe(403);

    const removed = await h.call('DELETE', `/api/v1/status/${id}`, { token: owner });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ status: true, data: { id } });
    expect((await h.call('GET', `/api/v1/status/${id}`, { token: owner })).statusCode).toBe(404);
    const cards = (await h.call('GET', '/api/v1/status/all', { token: owner })).json() as Array<{
      id: string;
    }>;
    expect(cards.some((c) => c.id === id)).toBe(false);
  });

  it('answers profile/asset with an empty page: this service keeps no profile assets', async () => {
    const response = await h.call('GET', table('/api/v1/profile/asset'), { token: owner });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: [], total: 0, current_page: 1, last_page: 1 });
  });

  it('serves config/skylogs/cluster as config/core/cluster', async () => {
    const core = (await h.call('GET', '/api/v1/config/core/cluster', { token: owner })).json();
    const alias = await h.call('GET', '/api/v1/config/skylogs/cluster', { token: owner });
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(core);
    const saved = await h.call('POST', '/api/v1/config/skylogs/cluster', {
      token: owner,
      body: { type: 'main' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ type: 'main' });
  });
});
