import { createServer } from 'node:net';
import { AlertRule, queryRows, User } from '@oncall/core/persistence';
import {
  FAKE_MONITORING_SYSTEM_TYPES as DATA_SOURCE_TYPES,
  type MonitoringRequest,
  type RecordingHttpServer,
  startFakeMonitoringSystem,
  textReply,
} from '@oncall/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';
const WEBHOOK_TYPES = ['prometheus', 'grafana', 'zabbix', 'splunk', 'sentry', 'pmm'];
const API_TOKEN = 'glsa_0123456789abcdefSECRET';
const PASSWORD = 'hunter2-but-longer';

interface View {
  id: string;
  name: string;
  type: DataSourceType;
  url: string;
  username: string | null;
  apiToken: string;
  password: string;
  isWebhook: boolean;
  webhookToken: string | null;
  webhookUrl: string | null;
}

/** A port that was free a moment ago: nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

describe('data sources', () => {
  let h: TestApp;
  let owner: string;
  let manager: { id: string; token: string };
  let member: { id: string; token: string };
  const fakes = new Map<DataSourceType, RecordingHttpServer<MonitoringRequest>>();
  /** One data source of each type, created by the first test, pointing at its fake. */
  const created = new Map<DataSourceType, View>();

  beforeAll(async () => {
    h = await createTestApp();
    owner = await h.adminToken();
    manager = await h.userWithToken('ds-manager', 'manager');
    member = await h.userWithToken('ds-member', 'member');
    for (const type of DATA_SOURCE_TYPES) fakes.set(type, await startFakeMonitoringSystem(type));
  });
  afterAll(async () => {
    await Promise.all([...fakes.values()].map((fake) => fake.close()));
    await h.dispose();
  });

  const fakeUrl = (type: DataSourceType) => {
    const fake = fakes.get(type);
    if (!fake) throw new Error(`no fake for ${type}`);
    return fake.url;
  };
  const body = (type: DataSourceType, extra: Record<string, unknown> = {}) => ({
    name: `${type} main`,
    type,
    url: fakeUrl(type),
    ...extra,
  });
  const one = (type: DataSourceType): View => {
    const view = created.get(type);
    if (!view) throw new Error(`no ${type} data source`);
    return view;
  };
  const storedRow = async (id: string) => {
    const [row] = await queryRows<Record<string, unknown>>(
      h.t.database.db.orm.em.fork(),
      'select * from data_sources where id = ?',
      [id],
    );
    return row;
  };

  it('creates every type with 201 for owner and manager roles; 403 for members, 401 anonymous', async () => {
    for (const [index, type] of DATA_SOURCE_TYPES.entries()) {
      const token = index % 2 === 0 ? owner : manager.token;
      const response = await h.call('POST', '/api/v1/data-source', { token, body: body(type) });
      expect(response.statusCode, type).toBe(201);
      expect(response.json()).toMatchObject({ name: `${type} main`, type, url: fakeUrl(type) });
      created.set(type, response.json());
    }
    const byMember = await h.call('POST', '/api/v1/data-source', {
      token: member.token,
      body: body('grafana', { name: 'mine' }),
    });
    expect(byMember.statusCode).toBe(403);
    expect((await h.call('POST', '/api/v1/data-source', { body: body('grafana') })).statusCode).toBe(401);
  });

  it('gives webhook types an ingestion token and URL, and the others neither', async () => {
    for (const type of DATA_SOURCE_TYPES) {
      const view = one(type);
      if (WEBHOOK_TYPES.includes(type)) {
        expect(view.isWebhook, type).toBe(true);
        expect(view.webhookToken).toMatch(/^ds_[A-Za-z0-9_-]{43}$/);
        expect(view.webhookUrl).toBe(`http://oncall.test/api/v1/${type}-alert/${view.webhookToken}`);
        const row = await storedRow(view.id);
        expect(row?.token_hash).toBe(h.t.core.secretBox.lookupHash(view.webhookToken ?? ''));
        expect(String(row?.sealed_token)).not.toContain(view.webhookToken);
      } else {
        expect(view, type).toMatchObject({ isWebhook: false, webhookToken: null, webhookUrl: null });
        expect((await storedRow(view.id))?.token_hash).toBeNull();
      }
    }
    const tokens = WEBHOOK_TYPES.map((type) => one(type as DataSourceType).webhookToken);
    expect(new Set(tokens).size).toBe(WEBHOOK_TYPES.length);
  });

  it('masks secrets in every answer and keeps them encrypted at rest', async () => {
    const response = await h.call('POST', '/api/v1/data-source', {
      token: owner,
      body: body('elastic', {
        name: 'secret elastic',
        apiToken: API_TOKEN,
        username: 'elastic',
        password: PASSWORD,
      }),
    });
    expect(response.statusCode).toBe(201);
    const view: View = response.json();
    expect(view).toMatchObject({ username: 'elastic', apiToken: '********CRET', password: '********nger' });
    const answers = [
      response.body,
      (await h.call('GET', `/api/v1/data-source/${view.id}`, { token: owner })).body,
      (await h.call('GET', '/api/v1/data-source?name=secret', { token: owner })).body,
      (await h.call('PUT', `/api/v1/data-source/${view.id}`, { token: owner, body: { ...view } })).body,
      (await h.call('GET', `/api/v1/data-source/status/${view.id}`, { token: owner })).body,
      (await h.call('DELETE', `/api/v1/data-source/${view.id}`, { token: owner })).body,
    ];
    for (const answer of answers) {
      expect(answer).not.toContain(API_TOKEN);
      expect(answer).not.toContain(PASSWORD);
    }
    expect(JSON.parse(answers[1] ?? '{}')).toMatchObject({
      apiToken: '********CRET',
      password: '********nger',
    });
  });

  it('stores secrets only as ciphertext', async () => {
    const view: View = (
      await h.call('POST', '/api/v1/data-source', {
        token: owner,
        body: body('splunk', {
          name: 'sealed splunk',
          apiToken: API_TOKEN,
          username: 'admin',
          password: PASSWORD,
        }),
      })
    ).json();
    const row = await storedRow(view.id);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(API_TOKEN);
    expect(stored).not.toContain(PASSWORD);
    expect(JSON.parse(h.t.core.secretBox.decrypt(String(row?.sealed_secrets)))).toEqual({
      apiToken: API_TOKEN,
      password: PASSWORD,
    });
    expect(String(row?.sealed_token)).not.toContain(view.webhookToken);
    expect(h.t.core.secretBox.decrypt(String(row?.sealed_token))).toBe(view.webhookToken);
  });

  it('422s bad bodies at their field paths', async () => {
    const post = (payload: unknown) => h.call('POST', '/api/v1/data-source', { token: owner, body: payload });
    const missing = await post({});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['name', 'type', 'url']);
    expect(missing.json().errors.type).toEqual(['The type field is required.']);
    const wrong = await post({ name: 7, type: 'nagios', url: 'ftp://x', apiToken: 5, username: [] });
    expect(Object.keys(wrong.json().errors).sort()).toEqual(['apiToken', 'name', 'type', 'url', 'username']);
    expect(wrong.json().errors.type).toEqual(['The selected type is invalid.']);
    const cases: Array<[string, string]> = [
      ['not a url', 'The url must be a valid URL.'],
      ['ftp://files.internal', 'The url must start with http:// or https://.'],
      ['javascript:alert(1)', 'The url must start with http:// or https://.'],
      [
        'http://user:pw@prom.internal',
        'Put credentials in the username and password fields, not in the url.',
      ],
      ['http://prom.internal/?x=1', 'The url may not contain a query string or fragment.'],
    ];
    for (const [url, message] of cases) {
      const response = await post(body('prometheus', { name: 'bad url', url }));
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors, url).toEqual({ url: [message] });
    }
    for (const url of [
      'http://169.254.169.254',
      'http://169.254.10.1:9090',
      'http://[fd00:ec2::254]',
      'http://[FD00:EC2:0:0:0:0:0:254]:9090/api',
      'http://100.100.100.200',
      'http://0x646464c8',
      'https://168.63.129.16',
      'http://[::ffff:169.254.169.254]',
    ]) {
      const response = await post(body('prometheus', { name: 'metadata', url }));
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors, url).toEqual({
        url: [expect.stringMatching(/^The url may not name a cloud metadata address/)],
      });
    }
    const lonePassword = await post(body('prometheus', { name: 'no user', password: 'x' }));
    expect(lonePassword.json().errors).toEqual({
      username: ['The username field is required when a password is set.'],
    });
    const taken = await post(body('grafana'));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['The name has already been taken.'] });
  });

  it('strips trailing slashes from the url and ignores unknown fields', async () => {
    const response = await h.call('POST', '/api/v1/data-source', {
      token: owner,
      body: body('prometheus', { name: 'slashed', url: `${fakeUrl('prometheus')}/prom//`, isAdmin: true }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().url).toBe(`${fakeUrl('prometheus')}/prom`);
    expect(response.json()).not.toHaveProperty('isAdmin');
    await h.call('DELETE', `/api/v1/data-source/${response.json().id}`, { token: owner });
  });

  it('lists the types with their webhook flag, for owner and manager roles only', async () => {
    const response = await h.call('GET', '/api/v1/data-source/types', { token: manager.token });
    expect(response.statusCode).toBe(200);
    const types: Array<{ type: string; isWebhook: boolean; label: string }> = response.json();
    expect(types.map((t) => t.type)).toEqual([...DATA_SOURCE_TYPES]);
    expect(
      types
        .filter((t) => t.isWebhook)
        .map((t) => t.type)
        .sort(),
    ).toEqual([...WEBHOOK_TYPES].sort());
    expect(types.find((t) => t.type === 'victoria_logs')?.label).toBe('VictoriaLogs');
    expect((await h.call('GET', '/api/v1/data-source/types', { token: member.token })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/data-source/types')).statusCode).toBe(401);
  });

  it('lists with the paginator and a partial, case-insensitive name filter', async () => {
    const page = (await h.call('GET', '/api/v1/data-source?perPage=4&page=2', { token: owner })).json();
    expect(page).toMatchObject({ current_page: 2, per_page: 4, from: 5, to: 8 });
    expect(page.total).toBeGreaterThanOrEqual(DATA_SOURCE_TYPES.length);
    const filtered = (await h.call('GET', '/api/v1/data-source?name=GRAF', { token: manager.token })).json();
    expect(filtered.data.map((d: View) => d.name)).toEqual(['grafana main']);
    const literal = (await h.call('GET', '/api/v1/data-source?name=%25', { token: owner })).json();
    expect(literal.total).toBe(0);
    expect((await h.call('GET', '/api/v1/data-source', { token: member.token })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/data-source')).statusCode).toBe(401);
    expect((await h.call('GET', '/api/v1/data-source?page=abc', { token: owner })).statusCode).toBe(422);
  });

  it('reads one; 404 for unknown and malformed ids; 403 for members; 401 anonymous', async () => {
    const grafana = one('grafana');
    const read = await h.call('GET', `/api/v1/data-source/${grafana.id}`, { token: manager.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(grafana);
    expect((await h.call('GET', `/api/v1/data-source/${UNKNOWN_ID}`, { token: owner })).statusCode).toBe(404);
    expect((await h.call('GET', '/api/v1/data-source/not-an-id', { token: owner })).statusCode).toBe(404);
    expect(
      (await h.call('GET', `/api/v1/data-source/${grafana.id}`, { token: member.token })).statusCode,
    ).toBe(403);
    expect((await h.call('GET', `/api/v1/data-source/${grafana.id}`)).statusCode).toBe(401);
  });

  it('updates: a masked or left-out secret is kept, a new one replaces it, a stale mask is refused, null clears it', async () => {
    const source: View = (
      await h.call('POST', '/api/v1/data-source', {
        token: owner,
        body: body('grafana', {
          name: 'editable',
          apiToken: API_TOKEN,
          username: 'viewer',
          password: PASSWORD,
        }),
      })
    ).json();
    const put = (payload: Record<string, unknown>, token = owner) =>
      h.call('PUT', `/api/v1/data-source/${source.id}`, { token, body: payload });
    const secretsOf = async () =>
      JSON.parse(h.t.core.secretBox.decrypt(String((await storedRow(source.id))?.sealed_secrets)));

    const echoed = await put({ ...source, name: 'edited' });
    expect(echoed.statusCode).toBe(200);
    expect(echoed.json()).toMatchObject({
      name: 'edited',
      apiToken: source.apiToken,
      webhookUrl: source.webhookUrl,
    });
    expect(await secretsOf()).toEqual({ apiToken: API_TOKEN, password: PASSWORD });

    await put({ name: 'edited', url: source.url });
    expect(await secretsOf()).toEqual({ apiToken: API_TOKEN, password: PASSWORD });

    const replaced = await put({ name: 'edited', url: source.url, apiToken: 'glsa_new_token_value_9999' });
    expect(replaced.json().apiToken).toBe('********9999');
    expect(await secretsOf()).toEqual({ apiToken: 'glsa_new_token_value_9999', password: PASSWORD });

    const stale = await put({ name: 'edited', url: source.url, apiToken: '********CRET' });
    expect(stale.statusCode).toBe(422);
    expect(Object.keys(stale.json().errors)).toEqual(['apiToken']);

    const cleared = await put({
      name: 'edited',
      url: source.url,
      apiToken: null,
      password: '',
      username: null,
    });
    expect(cleared.json()).toMatchObject({ apiToken: '', password: '', username: null });
    expect((await storedRow(source.id))?.sealed_secrets).toBeNull();

    const orphanPassword = await put({ name: 'edited', url: source.url, password: 'only-a-password' });
    expect(orphanPassword.json().errors).toEqual({
      username: ['The username field is required when a password is set.'],
    });
  });

  it('refuses to change the type, a taken name and bad fields; 404, 403 and 401 as for reads', async () => {
    const grafana = one('grafana');
    // `null` sends no token at all (an omitted one would default to the owner's).
    const put = (id: string, payload: unknown, token: string | null = owner) =>
      h.call('PUT', `/api/v1/data-source/${id}`, { token: token ?? undefined, body: payload });
    const retyped = await put(grafana.id, { ...grafana, type: 'zabbix' });
    expect(retyped.statusCode).toBe(422);
    expect(retyped.json().errors).toEqual({ type: ['The type of a data source cannot be changed.'] });
    const taken = await put(grafana.id, { ...grafana, name: 'zabbix main' });
    expect(taken.json().errors).toEqual({ name: ['The name has already been taken.'] });
    const invalid = await put(grafana.id, { name: '', url: 'gopher://x' });
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['name', 'url']);
    expect((await put(UNKNOWN_ID, { name: 'x', url: 'http://x' })).statusCode).toBe(404);
    expect((await put(grafana.id, { ...grafana, name: 'mine' }, member.token)).statusCode).toBe(403);
    expect((await put(grafana.id, { ...grafana, name: 'anon' }, null)).statusCode).toBe(401);
    const after = (await h.call('GET', `/api/v1/data-source/${grafana.id}`, { token: owner })).json();
    expect(after).toMatchObject({
      name: 'grafana main',
      type: 'grafana',
      webhookToken: grafana.webhookToken,
    });
  });

  it('checks the connection for real, speaking each type’s API', async () => {
    for (const type of DATA_SOURCE_TYPES) {
      const response = await h.call('GET', `/api/v1/data-source/status/${one(type).id}`, {
        token: manager.token,
      });
      expect(response.statusCode, type).toBe(200);
      expect(response.json(), type).toMatchObject({ isConnected: true });
      expect(fakes.get(type)?.requests.length, type).toBeGreaterThan(0);
    }
    expect(fakes.get('zabbix')?.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api_jsonrpc.php' });
  });

  it('sends the stored credentials with the check', async () => {
    const sentry: View = (
      await h.call('POST', '/api/v1/data-source', {
        token: owner,
        body: body('sentry', { name: 'authed sentry', apiToken: API_TOKEN }),
      })
    ).json();
    await h.call('GET', `/api/v1/data-source/status/${sentry.id}`, { token: owner });
    expect(fakes.get('sentry')?.requests.at(-1)?.authorization).toBe(`Bearer ${API_TOKEN}`);
  });

  it('answers isConnected false, never an error, when nothing listens or the source fails', async () => {
    const closed = await h.call('POST', '/api/v1/data-source', {
      token: owner,
      body: body('metabase', { name: 'gone', url: `http://127.0.0.1:${await closedPort()}` }),
    });
    const down = await h.call('GET', `/api/v1/data-source/status/${closed.json().id}`, { token: owner });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual({ isConnected: false, message: 'Could not connect: ECONNREFUSED.' });

    fakes.get('grafana')?.replyNext(textReply(500, 'database is locked'));
    const failing = await h.call('GET', `/api/v1/data-source/status/${one('grafana').id}`, { token: owner });
    expect(failing.statusCode).toBe(200);
    expect(failing.json()).toEqual({ isConnected: false, message: 'HTTP 500 from /api/health.' });

    const metadata = await h.call('PUT', `/api/v1/data-source/${one('elastic').id}`, {
      token: owner,
      body: body('elastic', { name: one('elastic').name, url: 'http://[fd00:ec2::254]:9200' }),
    });
    expect(metadata.statusCode).toBe(422);
    expect(Object.keys(metadata.json().errors)).toEqual(['url']);
  });

  it('answers the status route with 404, 403 and 401 like the others', async () => {
    expect(
      (await h.call('GET', `/api/v1/data-source/status/${UNKNOWN_ID}`, { token: owner })).statusCode,
    ).toBe(404);
    const id = one('prometheus').id;
    expect(
      (await h.call('GET', `/api/v1/data-source/status/${id}`, { token: member.token })).statusCode,
    ).toBe(403);
    expect((await h.call('GET', `/api/v1/data-source/status/${id}`)).statusCode).toBe(401);
  });

  it('offers the sources of one type to anyone creating a rule, without URLs or secrets', async () => {
    const response = await h.call('GET', '/api/v1/alert-rule/create-data/data-source/sentry', {
      token: member.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: expect.any(String), name: 'authed sentry', type: 'sentry' },
      { id: one('sentry').id, name: 'sentry main', type: 'sentry' },
    ]);
    const logs = await h.call('GET', '/api/v1/alert-rule/create-data/data-source/victoria_logs', {
      token: owner,
    });
    expect(logs.json()).toEqual([
      { id: one('victoria_logs').id, name: 'victoria_logs main', type: 'victoria_logs' },
    ]);
    for (const type of ['metabase', 'nagios', 'api']) {
      const refused = await h.call('GET', `/api/v1/alert-rule/create-data/data-source/${type}`, {
        token: owner,
      });
      expect(refused.statusCode, type).toBe(422);
      expect(refused.json().errors, type).toEqual({ type: ['The selected type is invalid.'] });
    }
    expect((await h.call('GET', '/api/v1/alert-rule/create-data/data-source/grafana')).statusCode).toBe(401);
  });

  it('refuses to delete a source alert rules use, and deletes it once they no longer do', async () => {
    const zabbix = one('zabbix');
    const em = h.t.database.db.orm.em.fork();
    const admin = await em.findOneOrFail(User, { isSystemAdmin: true });
    const rule = em.create(AlertRule, { name: 'Zabbix disk', type: 'zabbix', owner: admin, settings: {} });
    await em.flush();
    // Alert-rule routes are built alongside; the link is written as they will write it.
    await em
      .getConnection()
      .execute('insert into alert_rule_data_sources (alert_rule_id, data_source_id) values (?, ?)', [
        rule.id,
        zabbix.id,
      ]);

    const refused = await h.call('DELETE', `/api/v1/data-source/${zabbix.id}`, { token: owner });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'validation_failed',
      message: 'The data source is used by 1 alert rule (Zabbix disk); remove it from them first.',
    });
    expect((await h.call('GET', `/api/v1/data-source/${zabbix.id}`, { token: owner })).statusCode).toBe(200);

    expect(
      (await h.call('DELETE', `/api/v1/data-source/${zabbix.id}`, { token: member.token })).statusCode,
    ).toBe(403);
    expect((await h.call('DELETE', `/api/v1/data-source/${zabbix.id}`)).statusCode).toBe(401);

    await em
      .getConnection()
      .execute('delete from alert_rule_data_sources where data_source_id = ?', [zabbix.id]);
    const deleted = await h.call('DELETE', `/api/v1/data-source/${zabbix.id}`, { token: manager.token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: zabbix.id, name: 'zabbix main' });
    expect((await h.call('DELETE', `/api/v1/data-source/${zabbix.id}`, { token: owner })).statusCode).toBe(
      404,
    );
    expect((await h.call('GET', `/api/v1/data-source/${zabbix.id}`, { token: owner })).statusCode).toBe(404);
  });

  it('serves the same use cases over tRPC, with strict inputs', async () => {
    const trpc = (method: 'GET' | 'POST', path: string, input: unknown, token?: string) =>
      h.call(
        method,
        method === 'GET'
          ? `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`
          : `/trpc/${path}`,
        {
          token,
          ...(method === 'POST' ? { body: input } : {}),
        },
      );
    const createdOverTrpc = await trpc(
      'POST',
      'dataSources.create',
      body('victoria_logs', { name: 'logs 2' }),
      owner,
    );
    expect(createdOverTrpc.statusCode).toBe(200);
    const id = createdOverTrpc.json().result.data.id;
    const rest = await h.call('GET', `/api/v1/data-source/${id}`, { token: owner });
    expect(rest.json()).toMatchObject({ name: 'logs 2', type: 'victoria_logs' });
    const status = await trpc('GET', 'dataSources.status', { id }, owner);
    expect(status.json().result.data).toMatchObject({ isConnected: true });
    const unknownField = await trpc(
      'POST',
      'dataSources.update',
      { id, name: 'x', url: 'http://x', extra: 1 },
      owner,
    );
    expect(unknownField.statusCode).toBe(422);
    expect((await trpc('GET', 'dataSources.list', {}, member.token)).statusCode).toBe(403);
    const options = await trpc('GET', 'dataSources.ofType', { type: 'victoria_logs' }, member.token);
    expect(options.json().result.data.map((o: { name: string }) => o.name)).toEqual([
      'logs 2',
      'victoria_logs main',
    ]);
  });
});
