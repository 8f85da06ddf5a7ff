import type { AlertState } from '@oncall/core';
import { AlertRule } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDataSource, seedEndpoint } from './support/alert-rule-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

interface Seeded {
  ids: Record<string, string>;
  endpoints: { e1: string; e2: string };
}

/**
 * Five rules chosen so that every filter keeps a different subset:
 *   A  api           "Disk full db1"     prod,db      alice's, shared with bob   critical  pinned  e1
 *   B  api           "CPU high web"      prod,web     admin's                    warning
 *   C  notification  "disk latency"      staging,db   bob's                      resolved          e2
 *   D  zabbix        "Zabbix host down"  –            alice's                    unknown
 *   E  elastic       "Errors spike"      prod         admin's, shared with alice critical
 * Created in that order, so newest first is E, D, C, B after the pinned A.
 */
async function seed(
  h: TestApp,
  tokens: { admin: string; alice: string; bob: string },
  users: { alice: string; bob: string },
): Promise<Seeded> {
  const zabbix = await seedDataSource(h.t, 'zabbix');
  const elastic = await seedDataSource(h.t, 'elastic');
  const e1 = await seedEndpoint(h.t, users.alice, { name: 'alice pager' });
  const e2 = await seedEndpoint(h.t, users.bob, { name: 'bob pager' });
  const create = async (token: string, body: Record<string, unknown>, state: AlertState) => {
    const response = await h.call('POST', '/api/v1/alert-rule', { token, body });
    expect(response.statusCode, response.body).toBe(200);
    const id: string = response.json().id;
    await h.t.core.orm.em.fork().nativeUpdate(AlertRule, { id }, { state });
    return id;
  };
  const ids = {
    A: await create(
      tokens.alice,
      { type: 'api', name: 'Disk full db1', tags: ['prod', 'db'], userIds: [users.bob], endpointIds: [e1] },
      'critical',
    ),
    B: await create(tokens.admin, { type: 'api', name: 'CPU high web', tags: ['prod', 'web'] }, 'warning'),
    C: await create(
      tokens.bob,
      { type: 'notification', name: 'disk latency', tags: ['staging', 'db'], endpointIds: [e2] },
      'resolved',
    ),
    D: await create(
      tokens.alice,
      { type: 'zabbix', name: 'Zabbix host down', dataSourceIds: [zabbix] },
      'unknown',
    ),
    E: await create(
      tokens.admin,
      {
        type: 'elastic',
        name: 'Errors spike',
        tags: ['prod'],
        userIds: [users.alice],
        dataSourceId: elastic,
        dataviewName: 'logs',
        queryString: 'level:error',
        minutes: 5,
        conditionType: 'greaterOrEqual',
        countDocument: 50,
      },
      'critical',
    ),
  };
  expect((await h.call('POST', `/api/v1/alert-rule/pin/${ids.A}`, { token: tokens.bob })).statusCode).toBe(
    200,
  );
  return { ids, endpoints: { e1, e2 } };
}

describe('alert rule list filters and group actions', () => {
  let h: TestApp;
  let admin: string;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let carol: { id: string; token: string };

  beforeAll(async () => {
    h = await createTestApp();
    admin = await h.adminToken();
    alice = await h.userWithToken('alice', 'member');
    bob = await h.userWithToken('bob', 'member');
    carol = await h.userWithToken('carol', 'member');
  });
  afterAll(() => h.dispose());

  describe('filters', () => {
    let s: Seeded;
    const letters = (ids: string[]) => ids.map((id) => Object.entries(s.ids).find(([, v]) => v === id)?.[0]);
    const list = async (query: string, token = admin) => {
      const response = await h.call('GET', `/api/v1/alert-rule${query}`, { token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        data: Array<{ id: string }>;
        total: number;
        current_page: number;
        last_page: number;
      };
    };
    const names = async (query: string, token = admin) =>
      letters((await list(query, token)).data.map((r) => r.id)).join('');

    beforeAll(async () => {
      s = await seed(h, { admin, alice: alice.token, bob: bob.token }, { alice: alice.id, bob: bob.id });
      for (const id of [s.ids.C, s.ids.D]) {
        expect((await h.call('POST', `/api/v1/alert-rule/silent/${id}`, { token: admin })).statusCode).toBe(
          200,
        );
      }
    });

    it.each([
      ['', 'AEDCB'],
      ['?alertname=disk', 'AC'],
      ['?alertname=DISK%20F', 'A'],
      ['?alertname=%25', ''],
      [`?userId=ALICE`, 'AED'],
      ['?userId=not-a-uuid', ''],
      ['?types=api,notification', 'ACB'],
      ['?types=api&types=zabbix', 'ADB'],
      ['?tags=prod', 'AEB'],
      ['?tags=prod,db', 'A'],
      ['?tags=prod&tags=web', 'B'],
      ['?tags=nothing', ''],
      ['?silentStatus=silent', 'DC'],
      ['?silentStatus=active', 'AEB'],
      ['?endpointId=E1', 'A'],
      ['?endpointId=E2', 'C'],
      ['?status=critical', 'AE'],
      ['?status=critical,warning', 'AEB'],
      ['?status[]=critical&status[]=resolved', 'AEC'],
      ['?status=unknown&status[]=warning', 'DB'],
      ['?types=api&tags=prod&status=warning', 'B'],
    ])('GET /alert-rule%s → %s', async (query, expected) => {
      const resolved = query
        .replace('ALICE', alice.id)
        .replace('E1', s.endpoints.e1)
        .replace('E2', s.endpoints.e2);
      expect(await names(resolved)).toBe(expected);
    });

    it('filters only within what the caller can see', async () => {
      expect(await names('', alice.token)).toBe('AED');
      expect(await names(`?userId=${bob.id}`, alice.token)).toBe('A');
      expect(await names('?tags=prod', alice.token)).toBe('AE');
      // Silence is per user: the admin's silences do not show for alice.
      expect(await names('?silentStatus=silent', alice.token)).toBe('');
      expect(await names('', bob.token)).toBe('AC');
      expect(await names('', carol.token)).toBe('');
    });

    it('pages with a stable order and the legacy envelope', async () => {
      const second = await list('?perPage=2&page=2');
      expect(letters(second.data.map((r) => r.id)).join('')).toBe('DC');
      expect(second).toMatchObject({ total: 5, current_page: 2, last_page: 3, per_page: 2, from: 3, to: 4 });
      expect(await list('?page=9')).toMatchObject({ data: [], total: 5, from: null, to: null });
    });

    it('refuses unknown states, types and silent statuses with 422 at the parameter', async () => {
      for (const [query, field] of [
        ['?status=firing', 'status.0'],
        ['?status[]=critical&status[]=bad', 'status[].1'],
        ['?types=api,nagios', 'types.1'],
        ['?silentStatus=muted', 'silentStatus'],
      ]) {
        const response = await h.call('GET', `/api/v1/alert-rule${query}`, { token: admin });
        expect(response.statusCode, query).toBe(422);
        expect(Object.keys(response.json().errors), query).toEqual([field]);
      }
    });

    it('lists the distinct tags of the rules the caller can see', async () => {
      expect((await h.call('GET', '/api/v1/alert-rule-tag', { token: admin })).json()).toEqual([
        'db',
        'prod',
        'staging',
        'web',
      ]);
      expect((await h.call('GET', '/api/v1/alert-rule-tag', { token: bob.token })).json()).toEqual([
        'db',
        'prod',
        'staging',
      ]);
    });
  });

  describe('group actions', () => {
    let s: Seeded;
    const visibleTo = async (token: string, query = '') =>
      (await h.call('GET', `/api/v1/alert-rule${query}`, { token }))
        .json()
        .data.map((r: { id: string }) => r.id)
        .sort();

    beforeAll(async () => {
      await h.call('POST', '/api/v1/alert-rule/group-action/delete', { token: admin });
      s = await seed(h, { admin, alice: alice.token, bob: bob.token }, { alice: alice.id, bob: bob.id });
    });

    it('silences and unsilences the matched rules for the caller only', async () => {
      const silent = await h.call('POST', '/api/v1/alert-rule/group-action/silent?tags=prod', {
        token: alice.token,
      });
      expect(silent.json()).toEqual({ status: true, matched: 2, changed: 2 });
      expect(await visibleTo(alice.token, '?silentStatus=silent')).toEqual([s.ids.A, s.ids.E].sort());
      expect(await visibleTo(admin, '?silentStatus=silent')).toEqual([]);
      const again = await h.call('POST', '/api/v1/alert-rule/group-action/silent?tags=prod', {
        token: alice.token,
      });
      expect(again.json()).toEqual({ status: true, matched: 2, changed: 0 });

      const unsilent = await h.call('POST', '/api/v1/alert-rule/group-action/unsilent?types=api', {
        token: alice.token,
      });
      expect(unsilent.json()).toEqual({ status: true, matched: 1, changed: 1 });
      expect(await visibleTo(alice.token, '?silentStatus=silent')).toEqual([s.ids.E]);
    });

    it('adds users, teams and endpoints to the matched rules the caller administers', async () => {
      const endpoint = await seedEndpoint(h.t, alice.id);
      const response = await h.call('POST', '/api/v1/alert-rule/group-action/add-user-notify?tags=prod', {
        token: alice.token,
        body: { userIds: [carol.id], endpointIds: [endpoint] },
      });
      expect(response.json()).toEqual({ status: true, matched: 2, updated: 1, skipped: 1 });
      const a = (await h.call('GET', `/api/v1/alert-rule/${s.ids.A}`, { token: admin })).json();
      expect(a.userIds.sort()).toEqual([bob.id, carol.id].sort());
      expect(a.endpointIds.sort()).toEqual([s.endpoints.e1, endpoint].sort());
      const e = (await h.call('GET', `/api/v1/alert-rule/${s.ids.E}`, { token: admin })).json();
      expect(e.userIds).toEqual([alice.id]);
      expect(await visibleTo(carol.token)).toEqual([s.ids.A]);

      const invalid = await h.call('POST', '/api/v1/alert-rule/group-action/add-user-notify?tags=prod', {
        token: alice.token,
        body: { userIds: ['nope'], endpointIds: [s.endpoints.e2] },
      });
      expect(invalid.statusCode).toBe(422);
      expect(Object.keys(invalid.json().errors).sort()).toEqual(['endpointIds.0', 'userIds.0']);
    });

    it('deletes what the caller administers and only takes the caller off the rest', async () => {
      const response = await h.call('POST', `/api/v1/alert-rule/group-action/delete?userId=${alice.id}`, {
        token: alice.token,
      });
      expect(response.json()).toEqual({ status: true, matched: 3, deleted: 2, accessRemoved: 1, skipped: 0 });
      expect(await visibleTo(alice.token)).toEqual([]);
      expect(await visibleTo(admin)).toEqual([s.ids.B, s.ids.C, s.ids.E].sort());
      const e = (await h.call('GET', `/api/v1/alert-rule/${s.ids.E}`, { token: admin })).json();
      expect(e.userIds).toEqual([]);

      const resolved = await h.call('POST', '/api/v1/alert-rule/group-action/delete?status=resolved', {
        token: admin,
      });
      expect(resolved.json()).toMatchObject({ matched: 1, deleted: 1 });
      expect(await visibleTo(admin)).toEqual([s.ids.B, s.ids.E].sort());
    });

    it('keeps the unfiltered total exact through creates, deletes and group deletes', async () => {
      // The owner's unfiltered list reads a trigger-kept counter, the filtered one counts.
      const totals = async () => ({
        unfiltered: (await h.call('GET', '/api/v1/alert-rule', { token: admin })).json().total,
        counted: (await h.call('GET', '/api/v1/alert-rule?alertname=%20', { token: admin })).json().total,
      });
      const spaced = await totals();
      const created = await h.call('POST', '/api/v1/alert-rule', {
        token: admin,
        body: { type: 'api', name: 'Counted rule' },
      });
      expect((await totals()).unfiltered).toBe(spaced.unfiltered + 1);
      await h.call('DELETE', `/api/v1/alert-rule/${created.json().id}`, { token: admin });
      expect((await totals()).unfiltered).toBe(spaced.unfiltered);

      await h.call('POST', '/api/v1/alert-rule/group-action/delete', { token: admin });
      expect(await totals()).toEqual({ unfiltered: 0, counted: 0 });
      await seed(h, { admin, alice: alice.token, bob: bob.token }, { alice: alice.id, bob: bob.id });
      expect((await totals()).unfiltered).toBe(5);
    });
  });
});
