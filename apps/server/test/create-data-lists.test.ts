import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import {
  endlessReply,
  FAKE_LIST_DATA,
  FAKE_ZABBIX_LOGIN,
  type MonitoringRequest,
  type RecordingHttpServer,
  startFakeMonitoringSystem,
  startTarpitServer,
  type TarpitServer,
  textReply,
} from '@oncall/fakes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_SOURCE_QUERY_TIMEOUT_MS, type TestApp } from './support/test-app';

const PROM_TOKEN = 'prom-token-SECRET';
const ZABBIX_TOKEN = 'zabbix-api-token-SECRET';
/** What a failing query may take beyond the querier's limit: the request round trip itself. */
const SLACK_MS = 1_500;

/** A port that was free a moment ago: nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

describe('rule-form lists read from the data sources', () => {
  let h: TestApp;
  let admin: string;
  let member: string;
  let prometheus: RecordingHttpServer<MonitoringRequest>;
  let otherPrometheus: RecordingHttpServer<MonitoringRequest>;
  let grafana: RecordingHttpServer<MonitoringRequest>;
  let zabbix: RecordingHttpServer<MonitoringRequest>;
  let tarpit: TarpitServer;
  const ids: Record<string, string> = {};

  const createSource = async (body: Record<string, unknown>): Promise<string> => {
    const response = await h.call('POST', '/api/v1/data-source', { token: admin, body });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  };
  const get = (path: string) => h.call('GET', `/api/v1/alert-rule/create-data/${path}`, { token: member });

  beforeAll(async () => {
    h = await createTestApp();
    admin = await h.adminToken();
    member = (await h.userWithToken('lists-member', 'member')).token;
    prometheus = await startFakeMonitoringSystem('prometheus');
    otherPrometheus = await startFakeMonitoringSystem('prometheus', {
      lists: { ...FAKE_LIST_DATA, labels: { job: ['batch', 'node'], env: ['prod'] } },
    });
    grafana = await startFakeMonitoringSystem('grafana');
    zabbix = await startFakeMonitoringSystem('zabbix', {
      zabbixApiToken: ZABBIX_TOKEN,
      lists: { ...FAKE_LIST_DATA, hosts: ['web-1'], actions: ['Page on-call'] },
    });
    tarpit = await startTarpitServer();
    ids.prom = await createSource({
      name: 'prom-a',
      type: 'prometheus',
      url: prometheus.url,
      apiToken: PROM_TOKEN,
    });
    ids.prom2 = await createSource({ name: 'prom-b', type: 'prometheus', url: otherPrometheus.url });
    ids.grafana = await createSource({
      name: 'grafana',
      type: 'grafana',
      url: grafana.url,
      apiToken: 'glsa_x',
    });
    ids.zabbixToken = await createSource({
      name: 'zabbix-token',
      type: 'zabbix',
      url: `${zabbix.url}/api_jsonrpc.php`,
      apiToken: ZABBIX_TOKEN,
    });
  });
  afterAll(async () => {
    await Promise.all([prometheus, otherPrometheus, grafana, zabbix, tarpit].map((s) => s.close()));
    await h.dispose();
  });

  it('lists the alerting rules of a Prometheus and of a Grafana data source, with the credentials', async () => {
    const prom = await get(`rules?type=prometheus&dataSourceId=${ids.prom}`);
    expect(prom.statusCode).toBe(200);
    // The fake also serves a recording rule: it is no alert rule and stays out.
    expect(prom.json()).toEqual({
      data: ['HighErrorRate', 'InstanceDown'],
      meta: { sources: [{ id: ids.prom, name: 'prom-a' }] },
    });
    const asked = prometheus.requests.find((r) => r.path === '/api/v1/rules');
    expect(asked).toMatchObject({ query: { type: 'alert' }, authorization: `Bearer ${PROM_TOKEN}` });

    const graf = await get(`rules?type=grafana&dataSourceId=${ids.grafana}`);
    expect(graf.json()).toEqual({
      data: ['HighErrorRate', 'InstanceDown'],
      meta: { sources: [{ id: ids.grafana, name: 'grafana' }] },
    });
    expect(grafana.requests.at(-1)).toMatchObject({
      path: '/api/prometheus/grafana/api/v1/rules',
      authorization: 'Bearer glsa_x',
    });
  });

  it('merges the labels and label values of every Prometheus data source, sorted and deduplicated', async () => {
    const labels = await get('labels');
    expect(labels.json()).toEqual({
      data: ['__name__', 'env', 'instance', 'job'],
      meta: {
        sources: [
          { id: ids.prom, name: 'prom-a' },
          { id: ids.prom2, name: 'prom-b' },
        ],
      },
    });
    const values = await get('label-values/job');
    expect(values.json().data).toEqual(['api', 'batch', 'node']);
    expect(prometheus.requests.at(-1)?.path).toBe('/api/v1/label/job/values');
  });

  it('refuses a label that is not a Prometheus label name, before asking anyone', async () => {
    const before = prometheus.requests.length;
    for (const label of ['1job', 'job-name', 'a%2F..%2Fb']) {
      const response = await get(`label-values/${label}`);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['label']);
    }
    expect(prometheus.requests.length).toBe(before);
  });

  it('reads Zabbix hosts and actions with an API token or a login, keeping the severities', async () => {
    ids.zabbixLogin = await createSource({
      name: 'zabbix-login',
      type: 'zabbix',
      url: zabbix.url,
      username: FAKE_ZABBIX_LOGIN.username,
      password: FAKE_ZABBIX_LOGIN.password,
    });
    const response = await get('zabbix');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      hosts: ['web-1'],
      actions: ['Page on-call'],
      meta: {
        sources: [
          { id: ids.zabbixLogin, name: 'zabbix-login' },
          { id: ids.zabbixToken, name: 'zabbix-token' },
        ],
      },
    });
    expect(body.severities.map((s: { value: string }) => s.value)).toEqual(['0', '1', '2', '3', '4', '5']);
    const methods = zabbix.requests.map((r) => JSON.parse(r.body).method);
    // The login session is closed again, so Zabbix keeps no session per form opened.
    expect(methods.filter((m) => m === 'user.login').length).toBe(
      methods.filter((m) => m === 'user.logout').length,
    );
    expect(methods.filter((m) => m === 'user.login').length).toBeGreaterThan(0);
    expect(zabbix.requests.filter((r) => r.authorization === `Bearer ${ZABBIX_TOKEN}`).length).toBe(2);

    await h.call('PUT', `/api/v1/data-source/${ids.zabbixLogin}`, {
      token: admin,
      body: { name: 'zabbix-login', url: zabbix.url, username: 'Admin', password: 'wrong' },
    });
    const partial = (await get('zabbix')).json();
    expect(partial.hosts).toEqual(['web-1']);
    expect(partial.meta.sources[0]).toEqual({
      id: ids.zabbixLogin,
      name: 'zabbix-login',
      error: expect.stringContaining('Zabbix refused user.login'),
    });
    await h.call('DELETE', `/api/v1/data-source/${ids.zabbixLogin}`, { token: admin });
  });

  it("answers a type's form options at options/{type}, as its older path does, and only meta for a type without", async () => {
    const generic = await get('options/zabbix');
    expect(generic.statusCode).toBe(200);
    expect(generic.json()).toEqual((await get('zabbix')).json());
    expect(Object.keys(generic.json()).sort()).toEqual(['actions', 'hosts', 'meta', 'severities']);
    const none = await get('options/prometheus');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ meta: { sources: [] } });
    const unknown = await get('options/nagios');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.type[0]).toMatch(/^The type must be one of api, notification, /);
  });

  it('reads Zabbix releases before 6.4, which take the credential in the body, and before 5.4', async () => {
    for (const version of ['6.0.25', '5.2.7']) {
      const old = await startFakeMonitoringSystem('zabbix', {
        zabbixVersion: version,
        zabbixApiToken: ZABBIX_TOKEN,
        lists: { ...FAKE_LIST_DATA, hosts: [`host-${version}`], actions: [] },
      });
      const withToken = await createSource({
        name: `zabbix-${version}-token`,
        type: 'zabbix',
        url: old.url,
        apiToken: ZABBIX_TOKEN,
      });
      const withLogin = await createSource({
        name: `zabbix-${version}-login`,
        type: 'zabbix',
        url: old.url,
        username: FAKE_ZABBIX_LOGIN.username,
        password: FAKE_ZABBIX_LOGIN.password,
      });
      try {
        const body = (await get('zabbix')).json();
        expect(body.hosts).toContain(`host-${version}`);
        const mine = body.meta.sources.filter((s: { id: string }) => [withToken, withLogin].includes(s.id));
        expect(mine).toEqual([
          { id: withLogin, name: `zabbix-${version}-login` },
          { id: withToken, name: `zabbix-${version}-token` },
        ]);
        // No credential went in a header this release ignores.
        expect(old.requests.every((r) => r.authorization === undefined)).toBe(true);
      } finally {
        await h.call('DELETE', `/api/v1/data-source/${withToken}`, { token: admin });
        await h.call('DELETE', `/api/v1/data-source/${withLogin}`, { token: admin });
        await old.close();
      }
    }
  });

  it('names a Zabbix that hangs or answers something other than JSON-RPC, and lists what the others answer', async () => {
    // A proxy's maintenance page where the API should be: 200, but HTML.
    const maintenance = createHttpServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end('<html><body>Down for maintenance</body></html>');
    });
    await new Promise<void>((resolve) => maintenance.listen(0, '127.0.0.1', resolve));
    const hanging = await createSource({
      name: 'zabbix-hang',
      type: 'zabbix',
      url: tarpit.url,
      apiToken: ZABBIX_TOKEN,
    });
    const html = await createSource({
      name: 'zabbix-html',
      type: 'zabbix',
      url: `http://127.0.0.1:${(maintenance.address() as AddressInfo).port}`,
      apiToken: ZABBIX_TOKEN,
    });
    try {
      const body = (await get('zabbix')).json();
      expect(body.hosts).toEqual(['web-1']);
      const byName = Object.fromEntries(
        body.meta.sources.map((s: { name: string; error?: string }) => [s.name, s.error]),
      );
      expect(byName['zabbix-hang']).toBe(`No answer within ${TEST_SOURCE_QUERY_TIMEOUT_MS / 1000} s.`);
      expect(byName['zabbix-html']).toBe('The answer from /api_jsonrpc.php is not JSON.');
      expect(byName['zabbix-token']).toBeUndefined();
    } finally {
      for (const id of [hanging, html]) await h.call('DELETE', `/api/v1/data-source/${id}`, { token: admin });
      await new Promise((resolve) => maintenance.close(resolve));
    }
  });

  it('answers a clear error within the time limit for a source that is down or hangs', async () => {
    const down = await createSource({
      name: 'prom-down',
      type: 'prometheus',
      url: `http://127.0.0.1:${await closedPort()}`,
    });

    const refused = await get(`rules?type=prometheus&dataSourceId=${down}`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      code: 'source_unavailable',
      message: 'The data source "prom-down" did not answer: Could not connect: ECONNREFUSED.',
    });
    const input = encodeURIComponent(JSON.stringify({ type: 'prometheus', dataSourceId: down }));
    const overTrpc = await h.call('GET', `/trpc/alertRules.createData.rules?input=${input}`, {
      token: member,
    });
    expect(overTrpc.statusCode).toBe(502);
    expect(overTrpc.json().error).toMatchObject({
      message: 'The data source "prom-down" did not answer: Could not connect: ECONNREFUSED.',
      data: { code: 'BAD_GATEWAY', domainCode: 'source_unavailable' },
    });

    // Every source failing is no empty list but an error naming each.
    prometheus.replyNext(textReply(500, 'boom'));
    otherPrometheus.replyNext(textReply(503, 'busy'));
    const none = await get('labels');
    expect(none.statusCode).toBe(502);
    expect(none.json().message).toBe(
      'No data source answered: "prom-a": HTTP 500 from /api/v1/labels. "prom-b": HTTP 503 from /api/v1/labels. "prom-down": Could not connect: ECONNREFUSED.',
    );

    const hanging = await createSource({ name: 'prom-hang', type: 'prometheus', url: tarpit.url });
    const started = Date.now();
    const hung = await get(`rules?type=prometheus&dataSourceId=${hanging}`);
    const took = Date.now() - started;
    expect(hung.statusCode).toBe(502);
    expect(hung.json().message).toBe(
      `The data source "prom-hang" did not answer: No answer within ${TEST_SOURCE_QUERY_TIMEOUT_MS / 1000} s.`,
    );
    expect(took).toBeGreaterThanOrEqual(TEST_SOURCE_QUERY_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TEST_SOURCE_QUERY_TIMEOUT_MS + SLACK_MS);
    // The querier closed its connection when it gave up (the tarpit hears of it a moment later).
    await vi.waitFor(() => expect(tarpit.held).toBe(0), { timeout: 500 });

    // Several sources are asked at once: one limit in all, and the answer says which failed.
    const labelsStarted = Date.now();
    const labels = await get('labels');
    expect(Date.now() - labelsStarted).toBeLessThan(TEST_SOURCE_QUERY_TIMEOUT_MS + SLACK_MS);
    expect(labels.statusCode).toBe(200);
    expect(labels.json()).toEqual({
      data: ['__name__', 'env', 'instance', 'job'],
      meta: {
        sources: [
          { id: ids.prom, name: 'prom-a' },
          { id: ids.prom2, name: 'prom-b' },
          { id: down, name: 'prom-down', error: 'Could not connect: ECONNREFUSED.' },
          { id: hanging, name: 'prom-hang', error: 'No answer within 1 s.' },
        ],
      },
    });
    for (const id of [down, hanging]) await h.call('DELETE', `/api/v1/data-source/${id}`, { token: admin });
  });

  it('answers an HTTP failure of the source with its status, never its body', async () => {
    prometheus.replyNext(textReply(401, 'token SECRET rejected'));
    const response = await get(`rules?type=prometheus&dataSourceId=${ids.prom}`);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      'The data source "prom-a" did not answer: HTTP 401 from /api/v1/rules.',
    );
  });

  it('stops reading an answer that never ends', async () => {
    prometheus.replyNext(endlessReply(200, { 'content-type': 'application/json' }));
    const response = await get(`rules?type=prometheus&dataSourceId=${ids.prom}`);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      'The data source "prom-a" did not answer: The answer from /api/v1/rules is longer than 4096 KiB.',
    );
  });
});
