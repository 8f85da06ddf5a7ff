import { MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE } from '@oncall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWebhookRule } from './support/seed-data-source';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

/** JSON text of `depth` nested objects (`{"a":{"a":…}}`) or arrays (`[[…]]`) around `inner`. */
const nestedObjects = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
const nestedArrays = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

const DEEP = 3_500;
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('bodies nested beyond the depth limit', () => {
  let h: TestApp;
  let token: string;
  let apiToken: string;
  let notificationToken: string;
  let grafanaToken: string;
  let adminId: string;

  beforeAll(async () => {
    h = await createTestApp();
    token = await h.adminToken();
    adminId = (await h.call('GET', '/api/v1/user/all', { token })).json()[0].id;
    apiToken = (await seedRule(h.t)).token;
    notificationToken = (await seedRule(h.t, { type: 'notification' })).token;
    grafanaToken = (await seedWebhookRule(h.t, 'grafana', { queryType: 'dynamic' })).token;
  });
  afterAll(() => h.dispose());

  const post = (url: string, payload: string, bearer?: string) =>
    h.call('POST', url, { token: bearer, body: payload, headers: JSON_HEADERS });

  it('answers 422 on the body field on REST routes', async () => {
    for (const payload of [nestedObjects(DEEP), nestedArrays(DEEP), nestedArrays(20_000)]) {
      for (const url of ['/api/v1/team', '/api/v1/auth/login', '/api/v1/alert-rule']) {
        const response = await post(url, payload, token);
        expect(response.statusCode, `${url} ${payload.slice(0, 10)}`).toBe(422);
        expect(response.json()).toMatchObject({
          code: 'validation_failed',
          errors: { body: [TOO_DEEP_MESSAGE] },
        });
      }
    }
  });

  it('answers 422 on the body field on ingestion routes with a valid token', async () => {
    for (const [url, ruleToken] of [
      ['/api/v1/fire-alert', apiToken],
      ['/api/v1/resolve-alert', apiToken],
      ['/api/v1/stop-alert', apiToken],
      ['/api/v1/status-alert', apiToken],
      ['/api/v1/notification-alert', notificationToken],
    ] as const) {
      for (const payload of [nestedObjects(DEEP), nestedArrays(DEEP)]) {
        const response = await post(url, payload, ruleToken);
        expect(response.statusCode, url).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual(['body']);
      }
    }
  });

  it('answers 422 on the body field on webhook routes with a valid token', async () => {
    const response = await post(`/api/v1/grafana-alert/${grafanaToken}`, nestedObjects(DEEP));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['body']);
    // A deep value inside a real payload is refused the same way.
    const inPayload = await post(
      `/api/v1/grafana-alert/${grafanaToken}`,
      `{"alerts":[{"labels":{"alertname":"x"},"annotations":${nestedObjects(DEEP, '"v"')}}]}`,
    );
    expect(inPayload.statusCode).toBe(422);
  });

  it('accepts a body exactly at the limit, and refuses one level more', async () => {
    const team = (depth: number) =>
      `{"name":"depth-${depth}","ownerId":"${adminId}","userIds":[],"extra":${nestedArrays(depth - 1)}}`;
    const atLimit = await post('/api/v1/team', team(MAX_INPUT_DEPTH), token);
    expect(atLimit.statusCode).toBe(201);
    const over = await post('/api/v1/team', team(MAX_INPUT_DEPTH + 1), token);
    expect(over.statusCode).toBe(422);
  });

  it('answers a validation error on tRPC', async () => {
    for (const payload of [nestedObjects(DEEP), nestedArrays(DEEP)]) {
      const response = await post('/trpc/teams.create', payload, token);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.data).toMatchObject({
        domainCode: 'validation_failed',
        fieldErrors: { input: [expect.stringContaining('nest deeper')] },
      });
    }
    const query = await h.call('GET', `/trpc/teams.list?input=${encodeURIComponent(nestedArrays(DEEP))}`, {
      token,
    });
    expect(query.statusCode).toBe(422);
  });

  it('answers a 400 GraphQL error for variables', async () => {
    for (const inner of [nestedObjects(DEEP), nestedArrays(DEEP)]) {
      const response = await post(
        '/graphql',
        `{"query":"mutation($i: TeamInput!) { createTeam(input: $i) { id } }","variables":{"i":${inner}}}`,
        token,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].extensions).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { body: [expect.stringContaining('nest deeper')] },
      });
    }
  });

  it('answers a 400 GraphQL error for variables and extensions sent in a GET query string', async () => {
    const query = encodeURIComponent('query($f: AlertRuleFilterInput) { alertRules(filters: $f) { total } }');
    for (const [name, json] of [
      ['variables', `{"f":${nestedObjects(DEEP)}}`],
      ['variables', nestedArrays(DEEP)],
      ['extensions', nestedObjects(DEEP)],
      ['extensions', `{"x":${nestedArrays(20_000)}}`],
    ] as const) {
      const response = await h.call('GET', `/graphql?query=${query}&${name}=${encodeURIComponent(json)}`, {
        token,
      });
      expect(response.statusCode, `${name} ${json.slice(0, 10)}`).toBe(400);
      expect(response.json().errors[0].extensions).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { [name]: [TOO_DEEP_MESSAGE] },
      });
    }
    // Within the limit, the same GET answers.
    const shallow = await h.call(
      'GET',
      `/graphql?query=${query}&variables=${encodeURIComponent('{"f":{"tags":["x"]}}')}`,
      { token },
    );
    expect(shallow.statusCode).toBe(200);
    expect(shallow.json()).toEqual({ data: { alertRules: { total: 0 } } });
  });

  it('still refuses NUL characters at their field path', async () => {
    const response = await post(
      '/api/v1/team',
      JSON.stringify({ name: 'n', ownerId: 'x', userIds: [], extra: [{ deep: ['a\u0000'] }] }),
      token,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'extra.0.deep.0': ['The value may not contain NUL characters.'],
    });
  });
});
