import { type MonitoringRequest, type RecordingHttpServer, startFakeMonitoringSystem } from '@oncall/fakes';
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
  /** A template behavior rule of the rule, sending to that endpoint. */
  behaviorRuleId: string;
}

interface Row {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (cell: Cell, ids: Record<Caller, string>) => string;
  body?: (cell: Cell) => unknown;
  expect: [number, number, number, number, number, number, number];
}

const q = (name: string) => `alertname=${encodeURIComponent(name)}`;
const timelineOf = (ruleId: string) => {
  const now = Math.floor(Date.now() / 1000);
  return `/api/v1/alert-rule/status?alertRuleIds=${ruleId}&fromTime=${now - 3600}&toTime=${now}`;
};

/**
 * Every alert-rule route × every kind of caller → status. A rule the caller cannot see answers 404
 * on every route, as one that does not exist (a 403 would confirm the id names a rule); a caller
 * who sees it but does not administer it gets 403 for admin actions.
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
    expect: [200, 200, 200, 200, 200, 404, 401],
  },
  {
    route: 'set tags',
    method: 'PUT',
    url: (c) => `/api/v1/alert-rule-tag/${c.ruleId}`,
    body: () => ({ tags: ['x'] }),
    expect: [200, 200, 200, 403, 403, 404, 401],
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
    expect: [200, 200, 200, 200, 200, 404, 401],
  },
  {
    route: 'add users',
    method: 'PUT',
    url: (c) => `/api/v1/alert-rule-user/${c.ruleId}`,
    body: () => ({ userIds: [], teamIds: [] }),
    expect: [200, 200, 200, 403, 403, 404, 401],
  },
  {
    route: 'remove shared user',
    method: 'DELETE',
    url: (c, ids) => `/api/v1/alert-rule-user/${c.ruleId}/${ids.sharedUser}`,
    expect: [200, 200, 200, 200, 403, 404, 401],
  },
  {
    route: 'history',
    method: 'GET',
    url: (c) => `/api/v1/alert-rule/history/${c.ruleId}`,
    expect: [200, 200, 200, 200, 200, 404, 401],
  },
  {
    route: 'triggered',
    method: 'GET',
    url: (c) => `/api/v1/alert-rule/triggered/${c.ruleId}`,
    expect: [200, 200, 200, 200, 200, 404, 401],
  },
  {
    route: 'status timeline',
    method: 'GET',
    url: (c) => timelineOf(c.ruleId),
    expect: [200, 200, 200, 200, 200, 200, 401],
  },
  {
    // The rule is not firing: whoever may acknowledge it learns that (422), nobody else anything.
    route: 'acknowledge',
    method: 'POST',
    url: (c) => `/api/v1/alert-rule/acknowledge/${c.ruleId}`,
    expect: [422, 422, 422, 422, 422, 404, 401],
  },
  {
    route: 'resolve',
    method: 'POST',
    url: (c) => `/api/v1/alert-rule/resolve/${c.ruleId}`,
    expect: [200, 200, 200, 200, 200, 404, 401],
  },
  {
    route: 'test notification',
    method: 'POST',
    url: (c) => `/api/v1/alert-rule-notify/test/${c.ruleId}`,
    expect: [200, 200, 200, 200, 200, 404, 401],
  },
  {
    route: 'behavior rules: selectable alert rules',
    method: 'GET',
    url: (c) => `/api/v1/alert-rule-behavior-rule/selectable-alert-rules/${c.ruleId}`,
    expect: [200, 200, 200, 200, 200, 404, 401],
  },
  {
    route: 'behavior rules: list',
    method: 'GET',
    url: (c) => `/api/v1/alert-rule-behavior-rule/${c.ruleId}`,
    expect: [200, 200, 200, 200, 200, 404, 401],
  },
  {
    route: 'behavior rules: create',
    method: 'POST',
    url: (c) => `/api/v1/alert-rule-behavior-rule/${c.ruleId}`,
    body: (c) => ({ type: 'template', endpointIds: [c.ownerEndpointId], template: 'x' }),
    // Owner and manager roles see the owner's endpoint; the rule's owner owns it.
    expect: [200, 200, 200, 403, 403, 404, 401],
  },
  {
    route: 'behavior rules: update',
    method: 'PUT',
    url: (c) => `/api/v1/alert-rule-behavior-rule/${c.ruleId}/${c.behaviorRuleId}`,
    body: () => ({ template: 'changed' }),
    expect: [200, 200, 200, 403, 403, 404, 401],
  },
  {
    route: 'behavior rules: delete',
    method: 'DELETE',
    url: (c) => `/api/v1/alert-rule-behavior-rule/${c.ruleId}/${c.behaviorRuleId}`,
    expect: [200, 200, 200, 403, 403, 404, 401],
  },
];

describe('alert rule authorization', () => {
  let h: TestApp;
  /** The Prometheus the rule form's label lists are read from. */
  let prometheus: RecordingHttpServer<MonitoringRequest>;
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
    prometheus = await startFakeMonitoringSystem('prometheus');
    await seedDataSource(h.t, 'prometheus', prometheus.url);
  });
  afterAll(async () => {
    await prometheus.close();
    await h.dispose();
  });

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
    const ruleId = created.json().id;
    const behavior = await h.call('POST', `/api/v1/alert-rule-behavior-rule/${ruleId}`, {
      token: tokens.ruleOwner,
      body: { type: 'template', endpointIds: [ownerEndpointId], template: 'seeded' },
    });
    expect(behavior.statusCode, behavior.body).toBe(200);
    return { ruleId, ruleName, ownerEndpointId, behaviorRuleId: behavior.json().rule.id };
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

  it('answers 404 on every tRPC procedure and on GraphQL for a rule the caller cannot see', async () => {
    const cell = await newCell();
    const id = cell.ruleId;
    const procedures: Array<[kind: 'query' | 'mutation', path: string, input: unknown]> = [
      ['query', 'alertRules.get', { id }],
      ['query', 'alertRules.tags.get', { id }],
      ['query', 'alertRules.access.get', { id }],
      ['query', 'alertRules.notify.get', { id }],
      ['mutation', 'alertRules.update', { id, description: 'changed' }],
      ['mutation', 'alertRules.delete', { id }],
      ['mutation', 'alertRules.pin', { id }],
      ['mutation', 'alertRules.silent', { id }],
      ['mutation', 'alertRules.tags.set', { id, tags: ['x'] }],
      ['mutation', 'alertRules.access.add', { id, userIds: [], teamIds: [] }],
      ['mutation', 'alertRules.access.remove', { alertId: id, userOrTeamId: ids.sharedUser }],
      ['mutation', 'alertRules.notify.add', { id, endpointIds: [] }],
      ['mutation', 'alertRules.notify.remove', { alertId: id, endpointId: cell.ownerEndpointId }],
      ['mutation', 'alertRules.notify.sendTest', { id }],
      ['query', 'behaviorRules.list', { alertRuleId: id }],
      ['query', 'behaviorRules.selectableAlertRules', { alertRuleId: id }],
      [
        'mutation',
        'behaviorRules.create',
        { alertRuleId: id, type: 'template', endpointIds: [cell.ownerEndpointId], template: 'x' },
      ],
      ['mutation', 'behaviorRules.update', { alertRuleId: id, ruleId: cell.behaviorRuleId, template: 'y' }],
      ['mutation', 'behaviorRules.delete', { alertRuleId: id, ruleId: cell.behaviorRuleId }],
    ];
    const trpc = (kind: 'query' | 'mutation', path: string, input: unknown, token?: string) =>
      kind === 'query'
        ? h.call('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { token })
        : h.call('POST', `/trpc/${path}`, { token, body: input });
    const answers: Record<string, number> = {};
    for (const [kind, path, input] of procedures) {
      answers[path] = (await trpc(kind, path, input, tokens.unrelated)).statusCode;
    }
    expect(answers).toEqual(Object.fromEntries(procedures.map(([, path]) => [path, 404])));

    // Seeing the rule without administering it is still a 403 for admin actions.
    for (const [path, input] of [
      ['alertRules.update', { id, description: 'changed' }],
      ['alertRules.tags.set', { id, tags: ['x'] }],
      ['alertRules.access.add', { id, userIds: [], teamIds: [] }],
      ['behaviorRules.update', { alertRuleId: id, ruleId: cell.behaviorRuleId, template: 'y' }],
      ['behaviorRules.delete', { alertRuleId: id, ruleId: cell.behaviorRuleId }],
    ] as const) {
      expect((await trpc('mutation', path, input, tokens.sharedUser)).statusCode, path).toBe(403);
    }

    const gql = await h.call('POST', '/graphql', {
      token: tokens.unrelated,
      body: { query: 'query($id: ID!) { alertRule(id: $id) { id name } }', variables: { id } },
    });
    expect(gql.json().errors[0].extensions.code).toBe('NOT_FOUND');
    const behaviorGql = await h.call('POST', '/graphql', {
      token: tokens.unrelated,
      body: { query: 'query($id: ID!) { behaviorRules(alertRuleId: $id) { id } }', variables: { id } },
    });
    expect(behaviorGql.json().errors[0].extensions.code).toBe('NOT_FOUND');
    const timeline = await h.call('GET', timelineOf(id), { token: tokens.unrelated });
    expect(timeline.statusCode).toBe(200);
    expect(timeline.body).not.toContain(id);
    expect(timeline.body).not.toContain(cell.ruleName);
  });

  it('gives a stranger no existence oracle on endpoints and data sources either', async () => {
    const unknown = '01890000-0000-7000-8000-000000000000';
    const hidden = await seedEndpoint(h.t, ids.ruleOwner);
    const sourceId = await seedDataSource(h.t, 'grafana');
    const statusOf = async (method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      (await h.call(method, url, { token: tokens.unrelated, body })).statusCode;
    const hook = { name: 'x', type: 'teams', value: 'https://hooks.example.com/x' };
    for (const [method, body] of [['GET'], ['PUT', hook], ['DELETE']] as const) {
      const existing = await statusOf(method, `/api/v1/endpoint/${hidden}`, body);
      expect([method, existing]).toEqual([
        method,
        await statusOf(method, `/api/v1/endpoint/${unknown}`, body),
      ]);
      expect(existing).toBe(404);
    }
    const source = await statusOf('GET', `/api/v1/data-source/${sourceId}`);
    expect(source).toBe(await statusOf('GET', `/api/v1/data-source/${unknown}`));
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
