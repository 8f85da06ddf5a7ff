import { randomBytes } from 'node:crypto';
import { ADMIN, type TestCore } from '@oncall/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/build-app';
import { redactedUrl } from '../src/logging/redacted-url';
import { seedWebhookRule } from './support/seed-data-source';
import { seedRule } from './support/seed-rule';
import { createServerTestCore } from './support/test-app';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

const canary = (kind: string) => `canary-${kind}-${randomBytes(12).toString('hex')}`;

const LOGIN = 'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }';

/**
 * The real server at its most talkative level, writing to a stream the test reads: after each kind
 * of request carrying a password or a token, the whole log output is searched for it.
 */
describe('what reaches the logs', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let output: string[];
  let lines: string[];

  beforeAll(async () => {
    t = await createServerTestCore({ loginMaxFailuresPerAccount: 1000, loginMaxAttemptsPerIp: 1000 });
    output = [];
    app = await buildApp({
      core: t.core,
      ping: t.database.db.ping,
      logLevel: 'trace',
      logStream: { write: (line: string) => void output.push(line) },
      bodyLimitBytes: 64 * 1024,
      trustProxy: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });
  beforeEach(() => {
    lines = [];
    output.length = 0;
  });

  const captured = () => {
    lines.push(...output.splice(0));
    return lines.join('');
  };
  const parsed = (): LogLine[] =>
    captured()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);

  /** The secret is nowhere in the output, and the request was still logged usefully. */
  const expectLoggedWithout = (secret: string, method: string, url: string, status: number) => {
    expect(captured()).not.toContain(secret);
    const entries = parsed();
    const incoming = entries.find((e) => e.req?.method === method && e.req.url === url);
    expect(incoming, `an incoming-request line for ${method} ${url}`).toBeDefined();
    const completed = entries.find((e) => e.reqId === incoming?.reqId && e.msg === 'request completed');
    expect(completed?.res?.statusCode).toBe(status);
    expect(typeof completed?.responseTime).toBe('number');
  };

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('REST login with a wrong password', async () => {
    const password = canary('password');
    const response = await post('/api/v1/auth/login', { username: ADMIN.username, password });
    expect(response.statusCode).toBe(401);
    expectLoggedWithout(password, 'POST', '/api/v1/auth/login', 401);
  });

  it('tRPC login with a wrong password, and one sent as a GET', async () => {
    const password = canary('password');
    const response = await post('/trpc/auth.login', { username: ADMIN.username, password });
    expect(response.statusCode).toBe(401);
    expectLoggedWithout(password, 'POST', '/trpc/auth.login', 401);

    const other = canary('password');
    const input = encodeURIComponent(JSON.stringify({ username: ADMIN.username, password: other }));
    const asGet = await app.inject({ method: 'GET', url: `/trpc/auth.login?input=${input}` });
    expect(asGet.statusCode).toBeGreaterThanOrEqual(400);
    expectLoggedWithout(other, 'GET', '/trpc/auth.login?input=[REDACTED]', asGet.statusCode);
  });

  it('GraphQL login with a wrong password, in variables and inline', async () => {
    const password = canary('password');
    const wrong = await post('/graphql', { query: LOGIN, variables: { u: ADMIN.username, p: password } });
    expect(wrong.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expectLoggedWithout(password, 'POST', '/graphql', wrong.statusCode);

    const inline = canary('password');
    const literal = await post('/graphql', {
      query: `mutation { login(username: "${ADMIN.username}", password: "${inline}") { accessToken } }`,
    });
    expect(literal.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expectLoggedWithout(inline, 'POST', '/graphql', literal.statusCode);
  });

  it('GraphQL login that is invalid: a bad variable, a bad argument, a parse error, a GET', async () => {
    const password = canary('password');
    const badVariable = await post('/graphql', {
      query: LOGIN,
      variables: { u: ADMIN.username, p: { secret: password } },
    });
    expect(badVariable.statusCode).toBe(400);
    const badArgument = await post('/graphql', {
      query: `mutation { login(username: "${ADMIN.username}", password: "${password}", otp: 1) { accessToken } }`,
    });
    expect(badArgument.json().errors[0].message).toContain('otp');
    const unparsable = await post('/graphql', {
      query: `mutation { login(username: "${ADMIN.username}", password: "${password}" { accessToken } }`,
    });
    expect(unparsable.json().errors[0].message).toContain('Syntax Error');
    const tooLong = await post('/graphql', {
      query: LOGIN,
      variables: { u: ADMIN.username, p: password.repeat(20) },
    });
    expect(tooLong.json().errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expectLoggedWithout(password, 'POST', '/graphql', badVariable.statusCode);

    const query = encodeURIComponent(LOGIN);
    const variables = encodeURIComponent(JSON.stringify({ u: ADMIN.username, p: password }));
    const asGet = await app.inject({ method: 'GET', url: `/graphql?query=${query}&variables=${variables}` });
    expect(asGet.statusCode).toBe(405);
    expectLoggedWithout(password, 'GET', '/graphql?query=[REDACTED]&variables=[REDACTED]', 405);
  });

  it('GraphQL domain errors (401, 403, 404, 422) are not logged as errors', async () => {
    await t.createUser('log-member', 'member', 'log-member-password');
    const login = await post('/api/v1/auth/login', {
      username: 'log-member',
      password: 'log-member-password',
    });
    const member = { authorization: `Bearer ${login.json().accessToken}` };
    const codes = [
      await post('/graphql', { query: '{ me { id } }' }),
      await post('/graphql', { query: '{ users { total } }' }, member),
      await post(
        '/graphql',
        { query: '{ user(id: "01890000-0000-7000-8000-000000000000") { id } }' },
        member,
      ),
      await post('/graphql', { query: LOGIN, variables: { u: '', p: 'x' } }),
    ].map((answer) => answer.json().errors[0].extensions.code);
    expect(codes).toEqual(['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED']);
    const entries = parsed();
    expect(entries.filter((e) => e.msg === 'request completed')).toHaveLength(5);
    expect(entries.filter((e) => e.level >= 40)).toEqual([]);
  });

  it('a body that is not JSON, with a password in it', async () => {
    const password = canary('password');
    for (const url of ['/api/v1/auth/login', '/trpc/auth.login', '/graphql']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: `{"username":"admin","password":"${password}"`,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expectLoggedWithout(password, 'POST', '/graphql', 400);
  });

  it('ingestion with the rule token in the query, X-Api-Token and a bearer header', async () => {
    const { token } = await seedRule(t);
    const body = { instance: 'node-1', summary: 'disk full' };
    const inQuery = await post(`/api/v1/fire-alert?token=${token}&x=1`, body);
    expect(inQuery.statusCode).toBe(200);
    expectLoggedWithout(token, 'POST', '/api/v1/fire-alert?token=[REDACTED]&x=[REDACTED]', 200);

    expect((await post('/api/v1/fire-alert', body, { 'x-api-token': token })).statusCode).toBe(200);
    expect((await post('/api/v1/resolve-alert', body, { authorization: `Bearer ${token}` })).statusCode).toBe(
      200,
    );
    expectLoggedWithout(token, 'POST', '/api/v1/resolve-alert', 200);

    const unknown = canary('token');
    expect((await post(`/api/v1/fire-alert?token=${unknown}`, body)).statusCode).toBe(401);
    expect((await post('/api/v1/fire-alert', body, { 'x-api-token': unknown })).statusCode).toBe(401);
    expect((await post('/api/v1/fire-alert', body, { authorization: `Bearer ${unknown}` })).statusCode).toBe(
      401,
    );
    expectLoggedWithout(unknown, 'POST', '/api/v1/fire-alert?token=[REDACTED]', 401);
  });

  it('webhook ingestion with the token in the path, and paths under it', async () => {
    const { token } = await seedWebhookRule(t, 'grafana', { queryType: 'dynamic', dataSourceAlertName: 'x' });
    const sent = await post(`/api/v1/grafana-alert/${token}`, { alerts: [] });
    expect(sent.statusCode).toBeLessThan(500);
    expectLoggedWithout(token, 'POST', '/api/v1/grafana-alert/[REDACTED]', sent.statusCode);

    const unknown = canary('token');
    // The Alertmanager API v2 receiver under the webhook URL: an unknown token is refused.
    const under = await post(`/api/v1/prometheus-alert/${unknown}/api/v2/alerts`, []);
    expect(under.statusCode).toBe(401);
    expectLoggedWithout(unknown, 'POST', '/api/v1/prometheus-alert/[REDACTED]', 401);
    const miscased = await post(`/API/V1/Grafana-Alert/${unknown}`, {});
    expect(miscased.statusCode).toBe(404);
    expectLoggedWithout(unknown, 'POST', '/API/V1/Grafana-Alert/[REDACTED]', 404);
  });

  it('tokens hidden behind doubled or encoded slashes, matrix parameters and odd parameter names', async () => {
    const { token } = await seedWebhookRule(t, 'grafana', { queryType: 'dynamic', dataSourceAlertName: 'x' });
    const ingestion = (await seedRule(t)).token;
    const cases: Array<[method: 'GET' | 'POST', url: string, logged: string]> = [
      ['POST', `/api/v1/grafana-alert//${token}`, '/api/v1/grafana-alert/[REDACTED]'],
      ['POST', `/api/v1/grafana-alert%2F${token}`, '/api/v1/[REDACTED]'],
      ['POST', `/api/v1/grafana-alert;x/${token}`, '/api/v1/[REDACTED]'],
      ['GET', `/ack;x/${token}`, '/[REDACTED]'],
      ['GET', `/api/v1/alert-rule/ack;x/${token}`, '/api/v1/alert-rule/[REDACTED]'],
      ['POST', `/api/v1/fire-alert?page=1;token=${ingestion}`, '/api/v1/fire-alert?page=1;token=[REDACTED]'],
      ['POST', `/api/v1/fire-alert?token[]=${ingestion}`, '/api/v1/fire-alert?token[]=[REDACTED]'],
      ['POST', `/api/v1/fire-alert?token%20=${ingestion}`, '/api/v1/fire-alert?token%20=[REDACTED]'],
      ['POST', `/api/v1/fire-alert?%74oken=${ingestion}`, '/api/v1/fire-alert?%74oken=[REDACTED]'],
    ];
    for (const [method, url, logged] of cases) {
      const response = await app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { instance: 'node-1', alerts: [] } } : {}),
      });
      expect(response.statusCode, url).toBeLessThan(500);
      expectLoggedWithout(token, method, logged, response.statusCode);
      expectLoggedWithout(ingestion, method, logged, response.statusCode);
    }
  });

  it("the live feed's access token in connectionParams, as the documented tRPC client sends it", async () => {
    const token = canary('token');
    const params = encodeURIComponent(JSON.stringify({ token }));
    const url = `/trpc/live.events?input=${encodeURIComponent('{}')}&connectionParams=${params}`;
    const response = await app.inject({ method: 'GET', url });
    // A stream that fails once it started (an unknown token): tRPC's SSE error frame, after a 200.
    expect(response.body).toContain('UNAUTHORIZED');
    const logged = '/trpc/live.events?input=[REDACTED]&connectionParams=[REDACTED]';
    expectLoggedWithout(token, 'GET', logged, response.statusCode);
  });

  it('heartbeat pings with the token in the path', async () => {
    const unknown = canary('token');
    const ping = await app.inject({ method: 'GET', url: `/api/v1/heartbeat/${unknown}/fail?rid=run-7` });
    expect(ping.statusCode).toBe(404);
    expectLoggedWithout(unknown, 'GET', '/api/v1/heartbeat/[REDACTED]?rid=run-7', 404);
    const posted = await post(`/api/v1/heartbeat/${unknown}`, {});
    expectLoggedWithout(unknown, 'POST', '/api/v1/heartbeat/[REDACTED]', posted.statusCode);
  });

  it('shows the value of every query parameter the REST API documents, but the token', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    };
    const names = new Set(
      Object.values(document.paths)
        .flatMap((methods) => Object.values(methods))
        .flatMap((operation) => operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name),
    );
    expect(names).toContain('page');
    expect(names).toContain('token');
    for (const name of names) {
      const url = `/api/v1/x?${encodeURIComponent(name)}=v`;
      expect(redactedUrl(url), name).toBe(name === 'token' ? '/api/v1/x?token=[REDACTED]' : url);
    }
  });

  it('the legacy acknowledge link and the acknowledge page', async () => {
    const { ruleId } = await seedRule(t);
    const token = canary('token');
    const legacy = await app.inject({
      method: 'GET',
      url: `/api/v1/alert-rule/acknowledgeL/${ruleId}?token=${token}`,
    });
    expect(legacy.statusCode).toBe(401);
    expectLoggedWithout(token, 'GET', `/api/v1/alert-rule/acknowledgeL/${ruleId}?token=[REDACTED]`, 401);

    const page = await app.inject({ method: 'GET', url: `/ack/${token}` });
    expectLoggedWithout(token, 'GET', '/ack/[REDACTED]', page.statusCode);
    const press = await app.inject({ method: 'POST', url: `/ack/${token}`, payload: {} });
    expectLoggedWithout(token, 'POST', '/ack/[REDACTED]', press.statusCode);
  });
});
