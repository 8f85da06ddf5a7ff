import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Routes the original web UI calls that the contract does not list (skylogsio/skylogs,
 * `apps/frontend/src/api/cluster.ts` and `@types/cluster.ts` `ICluster`; `api/status.ts` and
 * `@types/status.ts` `IStatusCard`; `api/profileService.ts`; `api/setttings/clusterConfig.ts`).
 */
describe('routes the legacy web UI calls outside the contract', () => {
  let h: TestApp;
  let owner: string;
  let member: { id: string; token: string };

  beforeAll(async () => {
    h = await createTestApp({ publicUrl: 'http://oncall.test' });
    owner = await h.adminToken();
    member = await h.userWithToken('outside-member', 'member');
  });
  afterAll(() => h.dispose());

  it('answers skylogs-instance/all with the main alone, without a token, to anyone signed in', async () => {
    const response = await h.call('GET', '/api/v1/skylogs-instance/all', { token: member.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ id: 'main', name: 'main', type: 'main', url: 'http://oncall.test' }]);
    expect((await h.call('GET', '/api/v1/skylogs-instance/all')).statusCode).toBe(401);
  });

  it('answers the Clusters page (skylogs-instance) with the paginator envelope, to owners', async () => {
    const response = await h.call('GET', '/api/v1/skylogs-instance?perPage=10&page=1', { token: owner });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: [{ id: 'main', name: 'main', type: 'main', url: 'http://oncall.test' }],
      total: 1,
      current_page: 1,
      last_page: 1,
    });
    expect((await h.call('GET', '/api/v1/skylogs-instance', { token: member.token })).statusCode).toBe(403);
  });

  it('answers status/all with one card per rule tag, its state and counts', async () => {
    const create = async (name: string, tags: string[]) => {
      const created = await h.call('POST', '/api/v1/alert-rule', {
        token: owner,
        body: { name, type: 'api', tags },
      });
      expect(created.statusCode, created.body).toBe(200);
      return created.json() as { id: string; apiToken: string };
    };
    const web = await create('status-web', ['web', 'prod']);
    await create('status-db', ['prod']);
    const fired = await h.call('POST', '/api/v1/fire-alert', {
      token: web.apiToken,
      body: { alertname: 'cpu', instance: 'web-1' },
    });
    expect(fired.statusCode).toBe(200);
    const cards = (await h.call('GET', '/api/v1/status/all', { token: owner })).json() as Array<
      Record<string, unknown>
    >;
    const prod = cards.find((card) => card.name === 'prod');
    expect(prod).toMatchObject({
      id: 'prod',
      state: 'critical',
      criticalCount: 1,
      warningCount: 0,
      tags: ['prod'],
      alertsTags: ['prod'],
    });
    expect(prod).toHaveProperty('createdAt');
    expect(prod).toHaveProperty('updatedAt');
    expect(cards.find((card) => card.name === 'web')).toMatchObject({ state: 'critical', criticalCount: 1 });
    // A member sees the cards of the rules it sees only.
    expect((await h.call('GET', '/api/v1/status/all', { token: member.token })).json()).toEqual([]);
  });

  it('answers profile/asset with an empty page: this service keeps no profile assets', async () => {
    const response = await h.call('GET', '/api/v1/profile/asset?perPage=10&page=1', { token: owner });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: [], total: 0, current_page: 1 });
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
