import type { DataSourceType } from '@oncall/core';
import { User } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDataSource, seedEndpoint, seedTeam } from './support/alert-rule-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

type Sources = Record<DataSourceType, string>;
type Fields = Record<string, unknown>;

interface ValidCase {
  type: string;
  create: (s: Sources) => Fields;
  /** What the read shows of the type fields after create (defaults filled in). */
  created: (s: Sources) => Fields;
  update: (s: Sources) => Fields;
  updated: (s: Sources) => Fields;
  /** Type fields that must be gone after the update (the other query mode's). */
  dropped?: string[];
}

/** One valid body per type (two query modes among them), and an update of its type fields. */
const VALID: ValidCase[] = [
  {
    type: 'api',
    create: () => ({ enableAutoResolve: true, autoResolveMinutes: 30 }),
    created: () => ({ enableAutoResolve: true, autoResolveMinutes: 30 }),
    update: () => ({ autoResolveMinutes: 45 }),
    updated: () => ({ enableAutoResolve: true, autoResolveMinutes: 45 }),
  },
  {
    type: 'notification',
    create: () => ({}),
    created: () => ({}),
    update: () => ({}),
    updated: () => ({}),
  },
  {
    type: 'prometheus',
    create: () => ({
      queryType: 'dynamic',
      dataSourceIds: [],
      dataSourceAlertName: 'HighCPU',
      extraField: [{ key: 'env', value: 'prod*' }],
    }),
    created: () => ({
      queryType: 'dynamic',
      dataSourceIds: [],
      dataSourceAlertName: 'HighCPU',
      extraField: [{ key: 'env', value: 'prod*' }],
    }),
    update: () => ({ queryType: 'textQuery', queryText: 'up == 0', queryObject: { expr: 'up == 0' } }),
    updated: () => ({ queryType: 'textQuery', queryText: 'up == 0', queryObject: { expr: 'up == 0' } }),
    dropped: ['dataSourceAlertName', 'extraField'],
  },
  {
    type: 'grafana',
    create: (s) => ({ queryType: 'dynamic', dataSourceIds: [s.grafana], dataSourceAlertName: 'Disk' }),
    created: (s) => ({
      queryType: 'dynamic',
      dataSourceIds: [s.grafana],
      dataSourceAlertName: 'Disk',
      extraField: [],
    }),
    update: () => ({ dataSourceAlertName: 'Disk full', extraField: [{ key: 'team', value: 'db' }] }),
    updated: (s) => ({
      dataSourceIds: [s.grafana],
      dataSourceAlertName: 'Disk full',
      extraField: [{ key: 'team', value: 'db' }],
    }),
  },
  {
    type: 'pmm',
    create: () => ({ queryType: 'textQuery', queryText: 'mysql_up == 0' }),
    created: () => ({ queryType: 'textQuery', queryText: 'mysql_up == 0', dataSourceIds: [] }),
    update: (s) => ({ queryType: 'dynamic', dataSourceIds: [s.pmm], dataSourceAlertName: 'MySQLDown' }),
    updated: (s) => ({ queryType: 'dynamic', dataSourceIds: [s.pmm], dataSourceAlertName: 'MySQLDown' }),
    dropped: ['queryText'],
  },
  ...(['sentry', 'splunk', 'metabase'] as const).map(
    (type): ValidCase => ({
      type,
      create: (s) => ({ dataSourceIds: [s[type]], dataSourceAlertName: `${type}-alert` }),
      created: (s) => ({ dataSourceIds: [s[type]], dataSourceAlertName: `${type}-alert` }),
      update: () => ({ dataSourceAlertName: `${type}-renamed` }),
      updated: (s) => ({ dataSourceIds: [s[type]], dataSourceAlertName: `${type}-renamed` }),
    }),
  ),
  {
    type: 'zabbix',
    create: (s) => ({
      dataSourceIds: [s.zabbix],
      hosts: ['db1'],
      actions: ['page'],
      severities: ['4', '5', '4'],
    }),
    created: (s) => ({
      dataSourceIds: [s.zabbix],
      hosts: ['db1'],
      actions: ['page'],
      severities: ['4', '5'],
    }),
    update: () => ({ severities: ['5'] }),
    updated: () => ({ hosts: ['db1'], severities: ['5'] }),
  },
  {
    type: 'elastic',
    create: (s) => ({
      dataSourceId: s.elastic,
      dataviewName: 'logs-*',
      dataviewTitle: 'Logs',
      queryString: 'level:error',
      minutes: 5,
      conditionType: 'greaterOrEqual',
      countDocument: 10,
    }),
    created: (s) => ({
      dataSourceId: s.elastic,
      dataSourceIds: [s.elastic],
      dataviewName: 'logs-*',
      minutes: 5,
      conditionType: 'greaterOrEqual',
      countDocument: 10,
    }),
    update: () => ({ conditionType: 'lessOrEqual', countDocument: 1 }),
    updated: (s) => ({ dataSourceId: s.elastic, conditionType: 'lessOrEqual', countDocument: 1, minutes: 5 }),
  },
  {
    type: 'victoria_logs',
    create: (s) => ({
      dataSourceId: s.victoria_logs,
      queryString: '_stream:{app="api"} error',
      minutes: 10,
      conditionType: 'greaterOrEqual',
      countDocument: 100,
    }),
    created: (s) => ({ dataSourceId: s.victoria_logs, minutes: 10, countDocument: 100 }),
    update: () => ({ minutes: 15 }),
    updated: (s) => ({ dataSourceId: s.victoria_logs, minutes: 15, countDocument: 100 }),
  },
  {
    type: 'heartbeat',
    create: () => ({
      scheduleKind: 'cron',
      cron: '30 2 * * *',
      timeZone: 'Europe/London',
      graceSeconds: 600,
    }),
    created: () => ({
      scheduleKind: 'cron',
      cron: '30 2 * * *',
      timeZone: 'Europe/London',
      graceSeconds: 600,
    }),
    update: () => ({ graceSeconds: 900 }),
    updated: () => ({ scheduleKind: 'cron', cron: '30 2 * * *', graceSeconds: 900 }),
  },
];

interface InvalidCase {
  label: string;
  body: (s: Sources) => Fields;
  errors: string[];
}

/** Bodies each type must refuse, with the field paths the 422 must name. */
const INVALID: Record<string, InvalidCase[]> = {
  api: [
    {
      label: 'auto-resolve without minutes',
      body: () => ({ enableAutoResolve: true }),
      errors: ['autoResolveMinutes'],
    },
    { label: 'zero minutes', body: () => ({ autoResolveMinutes: 0 }), errors: ['autoResolveMinutes'] },
    {
      label: 'fractional minutes',
      body: () => ({ autoResolveMinutes: 1.5 }),
      errors: ['autoResolveMinutes'],
    },
    { label: 'flag as text', body: () => ({ enableAutoResolve: 'yes' }), errors: ['enableAutoResolve'] },
  ],
  notification: [
    { label: 'tags not a list', body: () => ({ tags: 'a,b' }), errors: ['tags'] },
    { label: 'unknown endpoint', body: () => ({ endpointIds: [UNKNOWN_ID] }), errors: ['endpointIds.0'] },
    {
      label: 'garbage user ids',
      body: () => ({ userIds: ['x', UNKNOWN_ID] }),
      errors: ['userIds.0', 'userIds.1'],
    },
    { label: 'unknown team', body: () => ({ teamIds: [UNKNOWN_ID] }), errors: ['teamIds.0'] },
  ],
  prometheus: [
    { label: 'no query type', body: () => ({}), errors: ['queryType'] },
    { label: 'unknown query type', body: () => ({ queryType: 'sql' }), errors: ['queryType'] },
    {
      label: 'dynamic without alert name',
      body: () => ({ queryType: 'dynamic' }),
      errors: ['dataSourceAlertName'],
    },
    { label: 'text query without text', body: () => ({ queryType: 'textQuery' }), errors: ['queryText'] },
    {
      label: 'bad extra field',
      body: () => ({ queryType: 'dynamic', dataSourceAlertName: 'x', extraField: [{ key: '' }] }),
      errors: ['extraField.0.key', 'extraField.0.value'],
    },
    {
      label: 'query object not an object',
      body: () => ({ queryType: 'textQuery', queryText: 'up', queryObject: 'up' }),
      errors: ['queryObject'],
    },
  ],
  grafana: [
    {
      label: 'dynamic without sources',
      body: () => ({ queryType: 'dynamic', dataSourceIds: [], dataSourceAlertName: 'x' }),
      errors: ['dataSourceIds'],
    },
    {
      label: 'a source of another type',
      body: (s) => ({ queryType: 'dynamic', dataSourceIds: [s.prometheus], dataSourceAlertName: 'x' }),
      errors: ['dataSourceIds.0'],
    },
  ],
  pmm: [
    {
      label: 'unknown source',
      body: () => ({ queryType: 'dynamic', dataSourceIds: [UNKNOWN_ID, 'nope'], dataSourceAlertName: 'x' }),
      errors: ['dataSourceIds.0', 'dataSourceIds.1'],
    },
  ],
  sentry: [{ label: 'nothing', body: () => ({}), errors: ['dataSourceIds', 'dataSourceAlertName'] }],
  splunk: [
    { label: 'no alert name', body: (s) => ({ dataSourceIds: [s.splunk] }), errors: ['dataSourceAlertName'] },
  ],
  metabase: [
    {
      label: 'empty sources',
      body: () => ({ dataSourceIds: [], dataSourceAlertName: 'q' }),
      errors: ['dataSourceIds'],
    },
  ],
  zabbix: [
    {
      label: 'severity out of range',
      body: (s) => ({ dataSourceIds: [s.zabbix], severities: ['6', 'high', 5] }),
      errors: ['severities.0', 'severities.1', 'severities.2'],
    },
    {
      label: 'hosts not a list',
      body: (s) => ({ dataSourceIds: [s.zabbix], hosts: 'db1' }),
      errors: ['hosts'],
    },
  ],
  elastic: [
    {
      label: 'bad numbers and condition',
      body: (s) => ({
        dataSourceId: s.elastic,
        dataviewName: 'logs',
        queryString: '*',
        minutes: 0,
        conditionType: 'equal',
        countDocument: -1,
      }),
      errors: ['minutes', 'conditionType', 'countDocument'],
    },
    {
      label: 'nothing',
      body: () => ({}),
      errors: ['dataSourceId', 'dataviewName', 'queryString', 'minutes', 'conditionType', 'countDocument'],
    },
  ],
  victoria_logs: [
    {
      label: 'a source of another type, fractional minutes',
      body: (s) => ({
        dataSourceId: s.elastic,
        queryString: '*',
        minutes: 2.5,
        conditionType: 'lessOrEqual',
        countDocument: 3,
      }),
      errors: ['minutes'],
    },
    {
      label: 'a source of another type',
      body: (s) => ({
        dataSourceId: s.elastic,
        queryString: '*',
        minutes: 2,
        conditionType: 'lessOrEqual',
        countDocument: 3,
      }),
      errors: ['dataSourceId'],
    },
    {
      label: 'condition other than the two',
      body: (s) => ({
        dataSourceId: s.victoria_logs,
        queryString: '*',
        minutes: 2,
        conditionType: 'greater',
        countDocument: 3,
      }),
      errors: ['conditionType'],
    },
  ],
};

describe('alert rules of every type', () => {
  let h: TestApp;
  let admin: string;
  let sources: Sources;
  let member: { id: string; token: string };
  let teamId: string;
  let endpointId: string;

  beforeAll(async () => {
    h = await createTestApp();
    admin = await h.adminToken();
    const types: DataSourceType[] = [
      'prometheus',
      'grafana',
      'pmm',
      'sentry',
      'splunk',
      'metabase',
      'zabbix',
      'elastic',
      'victoria_logs',
    ];
    sources = Object.fromEntries(
      await Promise.all(types.map(async (type) => [type, await seedDataSource(h.t, type)] as const)),
    ) as Sources;
    member = await h.userWithToken('rule-member', 'member');
    teamId = await seedTeam(h.t, member.id, [member.id]);
    const adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    endpointId = await seedEndpoint(h.t, adminId);
  });
  afterAll(() => h.dispose());

  const errorKeys = (body: { errors?: Record<string, string[]> }) => Object.keys(body.errors ?? {}).sort();

  describe.each(VALID)('$type', (c) => {
    it('creates, reads, updates and deletes', async () => {
      const create = await h.call('POST', '/api/v1/alert-rule', {
        token: admin,
        body: {
          type: c.type,
          name: `${c.type} rule`,
          description: `A ${c.type} rule`,
          showAcknowledgeBtn: true,
          tags: ['prod', c.type],
          userIds: [member.id],
          teamIds: [teamId],
          endpointIds: [endpointId],
          apiToken: 'ak_chosen-by-client',
          unknownField: 'dropped',
          ...c.create(sources),
        },
      });
      expect(create.statusCode, create.body).toBe(200);
      const created = create.json();
      expect(created).toMatchObject({
        type: c.type,
        name: `${c.type} rule`,
        description: `A ${c.type} rule`,
        showAcknowledgeBtn: true,
        tags: ['prod', c.type],
        userIds: [member.id],
        users: [{ id: member.id, username: 'rule-member' }],
        teamIds: [teamId],
        endpointIds: [endpointId],
        pinned: false,
        silentStatus: 'active',
        state: 'unknown',
        ...c.created(sources),
      });
      expect(created).not.toHaveProperty('unknownField');
      // Heartbeat rules carry one too: it is their ping URL's token.
      if (c.type === 'api' || c.type === 'notification' || c.type === 'heartbeat') {
        expect(created.apiToken).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
      } else {
        expect(created).not.toHaveProperty('apiToken');
      }

      const read = await h.call('GET', `/api/v1/alert-rule/${created.id}`, { token: admin });
      expect(read.statusCode).toBe(200);
      // The test's data sources do not resolve: a rule whose query the service runs is saved with
      // a warning that only the save's answer carries, as it alone carries the legacy UI's
      // `status: true`.
      const { warnings: createWarnings, status: written, ...createdRule } = created;
      expect(written).toBe(true);
      for (const warning of createWarnings ?? []) expect(warning.code).toBe('query_not_validated');
      expect(read.json()).toEqual(createdRule);

      const update = await h.call('PUT', `/api/v1/alert-rule/${created.id}`, {
        token: admin,
        body: {
          type: c.type,
          description: 'changed',
          bogus: true,
          userIds: [],
          teamIds: [teamId],
          ...c.update(sources),
        },
      });
      expect(update.statusCode, update.body).toBe(200);
      const updated = update.json();
      expect(updated).toMatchObject({
        name: `${c.type} rule`,
        description: 'changed',
        tags: ['prod', c.type],
        userIds: [],
        teamIds: [teamId],
        endpointIds: [endpointId],
        ...c.updated(sources),
      });
      expect(updated).not.toHaveProperty('bogus');
      for (const field of c.dropped ?? []) expect(updated).not.toHaveProperty(field);
      expect(updated.apiToken).toBe(created.apiToken);
      // The test's data sources do not resolve: a changed query is saved with a warning that only
      // the save's answer carries.
      const { warnings, status: updateWritten, ...saved } = updated;
      expect(updateWritten).toBe(true);
      for (const warning of warnings ?? []) expect(warning.code).toBe('query_not_validated');
      expect((await h.call('GET', `/api/v1/alert-rule/${created.id}`, { token: admin })).json()).toEqual(
        saved,
      );

      const remove = await h.call('DELETE', `/api/v1/alert-rule/${created.id}`, { token: admin });
      expect(remove.statusCode).toBe(200);
      expect(remove.json()).toMatchObject({ status: true, outcome: 'deleted' });
      expect((await h.call('GET', `/api/v1/alert-rule/${created.id}`, { token: admin })).statusCode).toBe(
        404,
      );
    });

    it.each(INVALID[c.type] ?? [])('refuses $label with 422 at the field', async (bad) => {
      const response = await h.call('POST', '/api/v1/alert-rule', {
        token: admin,
        body: { type: c.type, name: `bad ${c.type} ${bad.label}`, ...bad.body(sources) },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(errorKeys(response.json())).toEqual([...bad.errors].sort());
    });
  });

  it('refuses a missing or unknown type and a missing name', async () => {
    const missing = await h.call('POST', '/api/v1/alert-rule', { token: admin, body: { name: 'x' } });
    expect(missing.statusCode).toBe(422);
    expect(errorKeys(missing.json())).toEqual(['type']);
    const unknown = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: { type: 'nagios', name: 'x' },
    });
    expect(errorKeys(unknown.json())).toEqual(['type']);
    const nameless = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: { type: 'api', name: '  ' },
    });
    expect(errorKeys(nameless.json())).toEqual(['name']);
  });

  it('stores, shows and checks the grouping settings (groupInterval, groupBy, repeatInterval)', async () => {
    const defaults = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: { type: 'api', name: 'grouping defaults' },
    });
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(defaults.json()).toMatchObject({ groupInterval: null, groupBy: [], repeatInterval: 0 });

    const created = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: {
        type: 'api',
        name: 'grouped rule',
        groupInterval: 60,
        groupBy: ['job', 'job'],
        repeatInterval: 3600,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ groupInterval: 60, groupBy: ['job'], repeatInterval: 3600 });

    const updated = await h.call('PUT', `/api/v1/alert-rule/${id}`, {
      token: admin,
      body: { groupInterval: 0, groupBy: [] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const read = (await h.call('GET', `/api/v1/alert-rule/${id}`, { token: admin })).json();
    expect(read).toMatchObject({ groupInterval: 0, groupBy: [], repeatInterval: 3600 });

    const bad = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: { type: 'api', name: 'bad grouping', groupInterval: -1, groupBy: 'job', repeatInterval: 1.5 },
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(errorKeys(bad.json())).toEqual(['groupBy', 'groupInterval', 'repeatInterval']);
  });

  it('keeps names unique on create and update', async () => {
    const first = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: { type: 'api', name: 'unique one' },
    });
    expect(first.statusCode).toBe(200);
    const again = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: { type: 'notification', name: 'unique one' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ name: ['The name has already been taken.'] });
    const other = (
      await h.call('POST', '/api/v1/alert-rule', { token: admin, body: { type: 'api', name: 'unique two' } })
    ).json();
    const rename = await h.call('PUT', `/api/v1/alert-rule/${other.id}`, {
      token: admin,
      body: { name: 'unique one' },
    });
    expect(rename.statusCode).toBe(422);
    expect(errorKeys(rename.json())).toEqual(['name']);
    // Sending the rule's own name back is no conflict.
    const same = await h.call('PUT', `/api/v1/alert-rule/${other.id}`, {
      token: admin,
      body: { name: 'unique two' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses invalid updates at their field paths, and keeps the rule as it was', async () => {
    const rule = (
      await h.call('POST', '/api/v1/alert-rule', {
        token: admin,
        body: { type: 'prometheus', name: 'update target', queryType: 'dynamic', dataSourceAlertName: 'A' },
      })
    ).json();
    const cases: Array<[Fields, string[]]> = [
      [{ type: 'zabbix' }, ['type']],
      [{ type: 'api', name: 'x' }, ['type']],
      [{ queryType: 'textQuery' }, ['queryText']],
      [{ queryType: 'other' }, ['queryType']],
      [{ dataSourceIds: [sources.grafana, 'nope'] }, ['dataSourceIds.0', 'dataSourceIds.1']],
      [{ endpointIds: [UNKNOWN_ID] }, ['endpointIds.0']],
      [{ tags: [''] }, ['tags.0']],
      [{ extraField: [{ key: 'k' }] }, ['extraField.0.value']],
    ];
    for (const [body, errors] of cases) {
      const response = await h.call('PUT', `/api/v1/alert-rule/${rule.id}`, { token: admin, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorKeys(response.json()), JSON.stringify(body)).toEqual(errors);
    }
    const after = (await h.call('GET', `/api/v1/alert-rule/${rule.id}`, { token: admin })).json();
    const { status: _written, ...ruleRead } = rule;
    expect(after).toEqual(ruleRead);
  });

  it('accepts a zabbix severity update only within 0..5 and a positive auto-resolve period', async () => {
    const zabbix = (
      await h.call('POST', '/api/v1/alert-rule', {
        token: admin,
        body: { type: 'zabbix', name: 'zabbix updates', dataSourceIds: [sources.zabbix] },
      })
    ).json();
    expect(zabbix.severities).toEqual([]);
    const bad = await h.call('PUT', `/api/v1/alert-rule/${zabbix.id}`, {
      token: admin,
      body: { severities: ['9'] },
    });
    expect(errorKeys(bad.json())).toEqual(['severities.0']);
    const api = (
      await h.call('POST', '/api/v1/alert-rule', { token: admin, body: { type: 'api', name: 'api updates' } })
    ).json();
    expect(api).toMatchObject({ enableAutoResolve: false });
    const enable = await h.call('PUT', `/api/v1/alert-rule/${api.id}`, {
      token: admin,
      body: { enableAutoResolve: true },
    });
    expect(errorKeys(enable.json())).toEqual(['autoResolveMinutes']);
    const both = await h.call('PUT', `/api/v1/alert-rule/${api.id}`, {
      token: admin,
      body: { enableAutoResolve: true, autoResolveMinutes: 10 },
    });
    expect(both.json()).toMatchObject({ enableAutoResolve: true, autoResolveMinutes: 10 });
  });

  it('lists the types', async () => {
    const response = await h.call('GET', '/api/v1/alert-rule/types', { token: member.token });
    expect(response.json()).toEqual(VALID.map((c) => c.type));
  });

  it('checks the external rules query before asking any data source', async () => {
    // What the lists read from the sources is tested in create-data-lists.test.ts, against fakes.
    const wrongType = await h.call(
      'GET',
      `/api/v1/alert-rule/create-data/rules?type=prometheus&dataSourceId=${sources.grafana}`,
      { token: member.token },
    );
    expect(wrongType.statusCode).toBe(422);
    expect(errorKeys(wrongType.json())).toEqual(['dataSourceId']);
    // Without a data source it lists every source of the type (legacy-ui-rule-form-lists.test.ts).
    const missing = await h.call('GET', '/api/v1/alert-rule/create-data/rules', { token: member.token });
    expect(errorKeys(missing.json())).toEqual(['type']);
    const noType = await h.call(
      'GET',
      `/api/v1/alert-rule/create-data/rules?dataSourceId=${sources.grafana}`,
      {
        token: member.token,
      },
    );
    expect(errorKeys(noType.json())).toEqual(['type']);
  });
});
