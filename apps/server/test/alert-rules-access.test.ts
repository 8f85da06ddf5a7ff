import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDataSource, seedEndpoint, seedTeam } from './support/alert-rule-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/** The callers of the matrix, in the column order of `expect` below. */
const CALLERS = [
  'ownerRole',
  'manager',
  'ruleOwner',
  'sharedUser',
  'teamMember',
  'unrelated',
  'anonymous',
] as const;
type Caller = (typeof CALLERS)[number];

/** A fresh rule per cell: owned by `ruleOwner`, shared with `sharedUser` and with `teamMember`'s team. */
interface Cell {
  ruleId: string;
  ruleName: string;
  /** An endpoint of the rule owner's, attached to the rule. */
  ownerEndpointId: string;
}

interface Row {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (cell: Cell, ids: Record<Caller, string>) => string;
  body?: (cell: Cell) => unknown;
  expect: [number, number, number, number, number, number, number];
}

const q = (name: string) => `alertname=${encodeURIComponent(name)}`;

/**
 * Every alert-rule route × every kind of caller → status. Invisible rules answer 404 where the
 * contract lists 404, and 403 on the tag and user sub-resources, whose contract rows list only 403.
 */
const MATRIX: Row[] = [
  {
    route: 'list',
    method: 'GET',
    url: () => '/api/v1/alert-rule',
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'create',
    method: 'POST',
    url: () => '/api/v1/alert-rule',
    body: (c) => ({ type: 'api', name: `${c.ruleName} copy` }),
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'get',
    method: 'GET',
    url: (c) => `/api/v1/alert-rule/${c.ruleId}`,
    expect: [200, 200, 200, 200, 200, 404, 401],
  },
  {
    route: 'update',
    method: 'PUT',
    url: (c) => `/api/v1/alert-rule/${c.ruleId}`,
    body: () => ({ description: 'changed' }),
    expect: [200, 200, 200, 403, 403, 404, 401],
  },
  {
    route: 'delete',
    method: 'DELETE',
    url: (c) => `/api/v1/alert-rule/${c.ruleId}`,
    expect: [200, 200, 200, 200, 403, 404, 401],
  },
  {
    route: 'pin',
    method: 'POST',
    url: (c) => `/api/v1/alert-rule/pin/${c.ruleId}`,
    expect: [200, 200, 200, 200, 200, 404, 401],
  },
  {
    route: 'silent',
    method: 'POST',
    url: (c) => `/api/v1/alert-rule/silent/${c.ruleId}`,
    expect: [200, 200, 200, 200, 200, 404, 401],
  },
  {
    route: 'filter-endpoints',
    method: 'GET',
    url: () => '/api/v1/alert-rule/filter-endpoints',
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'types',
    method: 'GET',
    url: () => '/api/v1/alert-rule/types',
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'create-data',
    method: 'GET',
    url: () => '/api/v1/alert-rule/create-data',
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'create-data/labels',
    method: 'GET',
    url: () => '/api/v1/alert-rule/create-data/labels',
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'create-data/label-values',
    method: 'GET',
    url: () => '/api/v1/alert-rule/create-data/label-values/job',
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'create-data/zabbix',
    method: 'GET',
    url: () => '/api/v1/alert-rule/create-data/zabbix',
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'group silent',
    method: 'POST',
    url: (c) => `/api/v1/alert-rule/group-action/silent?${q(c.ruleName)}`,
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'group unsilent',
    method: 'POST',
    url: (c) => `/api/v1/alert-rule/group-action/unsilent?${q(c.ruleName)}`,
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'group delete',
    method: 'POST',
    url: (c) => `/api/v1/alert-rule/group-action/delete?${q(c.ruleName)}`,
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'group add-user-notify',
    method: 'POST',
    url: (c) => `/api/v1/alert-rule/group-action/add-user-notify?${q(c.ruleName)}`,
    body: () => ({ userIds: [], teamIds: [], endpointIds: [] }),
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'all tags',
    method: 'GET',
    url: () => '/api/v1/alert-rule-tag',
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'tags',
    method: 'GET',
    url: (c) => `/api/v1/alert-rule-tag/${c.ruleId}`,
    expect: [200, 200, 200, 200, 200, 403, 401],
  },
  {
    route: 'set tags',
    method: 'PUT',
    url: (c) => `/api/v1/alert-rule-tag/${c.ruleId}`,
    body: () => ({ tags: ['x'] }),
    expect: [200, 200, 200, 403, 403, 403, 401],
  },
  {
    route: 'notify',
    method: 'GET',
    url: (c) => `/api/v1/alert-rule-notify/${c.ruleId}`,
    expect: [200, 200, 200, 200, 200, 404, 401],
  },
  {
    route: 'add notify',
    method: 'PUT',
    url: (c) => `/api/v1/alert-rule-notify/${c.ruleId}`,
    body: () => ({ endpointIds: [] }),
    expect: [200, 200, 200, 200, 200, 404, 401],
  },
  {
    route: 'remove notify',
    method: 'DELETE',
    url: (c) => `/api/v1/alert-rule-notify/${c.ruleId}/${c.ownerEndpointId}`,
    expect: [200, 200, 200, 403, 403, 404, 401],
  },
  {
    route: 'batch options',
    method: 'GET',
    url: () => '/api/v1/alert-rule-notify/batchAlert',
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    route: 'batch add',
    method: 'PUT',
    url: () => '/api/v1/alert-rule-notify/batchAlert',
    body: (c) => ({ alertIds: [c.ruleId], endpoints: [c.ownerEndpointId] }),
    expect: [200, 200, 200, 422, 422, 422, 401],
  },
  {
    route: 'users',
    method: 'GET',
    url: (c) => `/api/v1/alert-rule-user/${c.ruleId}`,
    expect: [200, 200, 200, 200, 200, 403, 401],
  },
  {
    route: 'add users',
    method: 'PUT',
    url: (c) => `/api/v1/alert-rule-user/${c.ruleId}`,
    body: () => ({ userIds: [], teamIds: [] }),
    expect: [200, 200, 200, 403, 403, 403, 401],
  },
  {
    route: 'remove shared user',
    method: 'DELETE',
    url: (c, ids) => `/api/v1/alert-rule-user/${c.ruleId}/${ids.sharedUser}`,
    expect: [200, 200, 200, 200, 403, 403, 401],
  },
];

describe('alert rule authorization', () => {
  let h: TestApp;
  const tokens = {} as Record<Caller, string | undefined>;
  const ids = {} as Record<Caller, string>;
  let teamId: string;
  let counter = 0;

  beforeAll(async () => {
    h = await createTestApp();
    tokens.ownerRole = await h.adminToken();
    ids.ownerRole = (await h.call('POST', '/api/v1/auth/me', { token: tokens.ownerRole })).json().id;
    for (const [caller, role] of [
      ['manager', 'manager'],
      ['ruleOwner', 'member'],
      ['sharedUser', 'member'],
      ['teamMember', 'member'],
      ['unrelated', 'member'],
    ] as const) {
      const user = await h.userWithToken(`matrix-${caller}`, role);
      tokens[caller] = user.token;
      ids[caller] = user.id;
    }
    tokens.anonymous = undefined;
    ids.anonymous = '';
    teamId = await seedTeam(h.t, ids.teamMember, [ids.teamMember]);
    await seedDataSource(h.t, 'prometheus');
  });
  afterAll(() => h.dispose());

  const newCell = async (): Promise<Cell> => {
    counter += 1;
    const ruleName = `matrix rule ${counter}`;
    const ownerEndpointId = await seedEndpoint(h.t, ids.ruleOwner);
    const created = await h.call('POST', '/api/v1/alert-rule', {
      token: tokens.ruleOwner,
      body: {
        type: 'api',
        name: ruleName,
        tags: ['matrix'],
        userIds: [ids.sharedUser],
        teamIds: [teamId],
        endpointIds: [ownerEndpointId],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    return { ruleId: created.json().id, ruleName, ownerEndpointId };
  };

  it.each(MATRIX)('$method $route', async (row) => {
    const failures: string[] = [];
    for (const [index, caller] of CALLERS.entries()) {
      const cell = await newCell();
      const response = await h.call(row.method, row.url(cell, ids), {
        token: tokens[caller],
        body: row.body?.(cell),
      });
      if (response.statusCode !== row.expect[index]) {
        failures.push(
          `${caller}: ${response.statusCode} (expected ${row.expect[index]}) ${response.body.slice(0, 200)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('never lists, nor lets group actions touch, a rule the caller cannot see', async () => {
    const cell = await newCell();
    const namesFor = async (caller: Caller) =>
      (await h.call('GET', `/api/v1/alert-rule?${q(cell.ruleName)}`, { token: tokens[caller] }))
        .json()
        .data.map((r: { name: string }) => r.name);
    for (const caller of ['ownerRole', 'manager', 'ruleOwner', 'sharedUser', 'teamMember'] as const) {
      expect(await namesFor(caller), caller).toEqual([cell.ruleName]);
    }
    expect(await namesFor('unrelated')).toEqual([]);
    expect((await h.call('GET', '/api/v1/alert-rule-tag', { token: tokens.unrelated })).json()).not.toContain(
      'matrix',
    );

    const token = tokens.unrelated;
    for (const action of ['silent', 'delete']) {
      const response = await h.call('POST', `/api/v1/alert-rule/group-action/${action}?${q(cell.ruleName)}`, {
        token,
      });
      expect(response.json()).toMatchObject({ matched: 0 });
    }
    const add = await h.call('POST', `/api/v1/alert-rule/group-action/add-user-notify?${q(cell.ruleName)}`, {
      token,
      body: { userIds: [ids.unrelated] },
    });
    expect(add.json()).toMatchObject({ matched: 0, updated: 0 });
    const batch = await h.call('PUT', '/api/v1/alert-rule-notify/batchAlert', {
      token,
      body: { alertIds: [cell.ruleId], endpoints: [await seedEndpoint(h.t, ids.unrelated)] },
    });
    expect(batch.statusCode).toBe(422);
    expect(batch.json().errors).toHaveProperty('alertIds.0');

    const rule = (
      await h.call('GET', `/api/v1/alert-rule/${cell.ruleId}`, { token: tokens.ruleOwner })
    ).json();
    expect(rule).toMatchObject({ userIds: [ids.sharedUser], endpointIds: [cell.ownerEndpointId] });
    const silenced = await h.call('GET', `/api/v1/alert-rule?${q(cell.ruleName)}&silentStatus=silent`, {
      token,
    });
    expect(silenced.json().total).toBe(0);
  });

  it('lets the shared member of a group action only leave, and skips rules it reaches through a team', async () => {
    const cell = await newCell();
    const shared = await h.call('POST', `/api/v1/alert-rule/group-action/delete?${q(cell.ruleName)}`, {
      token: tokens.sharedUser,
    });
    expect(shared.json()).toEqual({ status: true, matched: 1, deleted: 0, accessRemoved: 1, skipped: 0 });
    const team = await h.call('POST', `/api/v1/alert-rule/group-action/delete?${q(cell.ruleName)}`, {
      token: tokens.teamMember,
    });
    expect(team.json()).toEqual({ status: true, matched: 1, deleted: 0, accessRemoved: 0, skipped: 1 });
    const add = await h.call('POST', `/api/v1/alert-rule/group-action/add-user-notify?${q(cell.ruleName)}`, {
      token: tokens.teamMember,
      body: { userIds: [ids.teamMember] },
    });
    expect(add.json()).toEqual({ status: true, matched: 1, updated: 0, skipped: 1 });
    const rule = (
      await h.call('GET', `/api/v1/alert-rule/${cell.ruleId}`, { token: tokens.ruleOwner })
    ).json();
    expect(rule.userIds).toEqual([]);
    expect(rule.teamIds).toEqual([teamId]);
  });
});
