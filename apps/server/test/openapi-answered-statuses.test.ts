import { ADMIN } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenApiDocument, operationsOf } from './support/openapi-document';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Every route answers only statuses its OpenAPI operation documents: each route is called without
 * credentials, with a bad body, with unknown ids, as a member and as the admin on real records,
 * and every (method, route, status) answered is looked up in the document.
 */
describe('the statuses the REST routes answer', () => {
  let h: TestApp;
  let doc: OpenApiDocument;
  const answered = new Map<string, Set<number>>();
  const unexpected: string[] = [];

  beforeAll(async () => {
    h = await createTestApp();
    doc = (await h.call('GET', '/api/v1/openapi.json')).json();
  });
  afterAll(() => h.dispose());

  it('answers only documented statuses, across a representative run of every route', async () => {
    const admin = await h.adminToken();
    const logoutToken = await h.adminToken();
    const member = await h.userWithToken('status-member', 'member');
    const other = await h.userWithToken('status-other', 'member');
    const rule = await seedRule(h.t);
    const team = await h.call('POST', '/api/v1/team', {
      token: admin,
      body: { name: 'Status team', ownerId: other.id, userIds: [other.id] },
    });
    expect(team.statusCode, team.body).toBe(201);
    const ids: Record<string, string> = {
      team: team.json().id,
      user: other.id,
      rule: rule.ruleId,
      endpoint: rule.endpointIds[0] ?? UNKNOWN_ID,
    };

    /** Real records for the path's parameters: the admin's success calls. */
    const realPath = (path: string): string =>
      path
        .replace('{token}', rule.token)
        .replace(/\{(alertId|alertRuleId)\}/g, ids.rule ?? UNKNOWN_ID)
        .replace('{endpointId}', ids.endpoint ?? UNKNOWN_ID)
        .replace('{userId}', ids.user ?? UNKNOWN_ID)
        .replace('{ruleId}', UNKNOWN_ID)
        .replace('{label}', 'job')
        .replace('{type}', 'prometheus')
        .replace(
          '{id}',
          (path.startsWith('/api/v1/team')
            ? ids.team
            : path.startsWith('/api/v1/user')
              ? ids.user
              : ids.rule) ?? UNKNOWN_ID,
        );
    /** Bodies that succeed, for the admin's calls; the other routes get `{}`. */
    const validBodies: Record<string, unknown> = {
      'POST /api/v1/auth/login': { username: ADMIN.username, password: ADMIN.password },
      'POST /api/v1/auth/refresh': {
        refreshToken: (await h.login(ADMIN.username, ADMIN.password)).refreshToken,
      },
      'POST /api/v1/team': { name: 'Second team', ownerId: other.id, userIds: [] },
      'PUT /api/v1/team/{id}': { name: 'Status team', ownerId: other.id, userIds: [other.id] },
      'PUT /api/v1/alert-rule-tag/{id}': { tags: ['db'] },
      'PUT /api/v1/alert-rule-notify/{id}': { endpointIds: [ids.endpoint] },
      'PUT /api/v1/alert-rule-user/{id}': { userIds: [other.id], teamIds: [] },
      'POST /api/v1/config/telegram': { name: 'Proxy', type: 'http', host: 'proxy.example', port: '8080' },
      'POST /api/v1/config/core/cluster': { type: 'main' },
      'POST /api/v1/user/changeOwner': { fromUser: other.id, toUser: member.id },
    };
    const unknownPath = (path: string): string =>
      path.replace(/\{token\}/g, 'not-a-token').replace(/\{(\w+)\}/g, UNKNOWN_ID);

    const record = async (
      method: Method,
      pattern: string,
      url: string,
      options: { token?: string; body?: unknown; headers?: Record<string, string> },
    ) => {
      const answer = await h.call(method, url, options);
      const key = `${method} ${pattern}`;
      const statuses = answered.get(key) ?? new Set<number>();
      statuses.add(answer.statusCode);
      answered.set(key, statuses);
      const documented = doc.paths[pattern]?.[method.toLowerCase()]?.responses ?? {};
      if (!(String(answer.statusCode) in documented)) {
        unexpected.push(`${key} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
      }
    };

    const operations = operationsOf(doc);
    // The calls that change the most come last: deletes, then logout.
    const order = (method: string, path: string) =>
      path.endsWith('/logout') ? 3 : method === 'delete' || path.endsWith('/group-action/delete') ? 2 : 1;
    operations.sort((a, b) => order(a.method, a.path) - order(b.method, b.path));

    for (const { method: lower, path } of operations) {
      const method = lower.toUpperCase() as Method;
      const takesBody = method !== 'GET' && method !== 'DELETE';
      const ingestion = [
        '/fire-alert',
        '/resolve-alert',
        '/stop-alert',
        '/status-alert',
        '/notification-alert',
      ].some((name) => path === `/api/v1${name}`);
      const token = path.endsWith('/logout') ? logoutToken : admin;
      // Without credentials.
      await record(method, path, unknownPath(path), takesBody ? { body: {} } : {});
      // A body of the wrong shape.
      if (takesBody) await record(method, path, realPath(path), { token, body: { name: 42, instance: 7 } });
      // Unknown records.
      if (path.includes('{'))
        await record(method, path, unknownPath(path), takesBody ? { token, body: {} } : { token });
      if (ingestion) {
        const body = { instance: 'db-1', alertname: 'DiskFull', status: 'warning' };
        await record(method, path, path, { token: 'ak_not-a-rule-token', body });
        await record(method, path, path, { token: rule.token, body });
        await record(method, path, path, { token: rule.token, body: { instance: 7 } });
        continue;
      }
      // As a member who owns nothing.
      await record(
        method,
        path,
        realPath(path),
        takesBody ? { token: member.token, body: {} } : { token: member.token },
      );
      // As the admin on real records.
      const body = validBodies[`${method} ${path}`] ?? {};
      await record(method, path, realPath(path), takesBody ? { token, body } : { token });
    }

    expect(unexpected).toEqual([]);
    const seen = (key: string) => [...(answered.get(key) ?? [])];
    // The run reached the success and the main error answers.
    expect(seen('GET /api/v1/alert-rule/{id}')).toEqual(expect.arrayContaining([200, 401, 404]));
    expect(seen('GET /api/v1/user')).toEqual(expect.arrayContaining([200, 401, 403]));
    expect(seen('POST /api/v1/team')).toEqual(expect.arrayContaining([401, 422]));
    expect(seen('DELETE /api/v1/team/{id}')).toEqual(expect.arrayContaining([200, 401, 403, 404]));
    expect(seen('POST /api/v1/fire-alert')).toEqual(expect.arrayContaining([200, 401, 422]));
    expect(seen('GET /api/v1/alert-rule/history/{id}')).toEqual(expect.arrayContaining([200, 404]));
    expect(seen('GET /api/v1/alert-rule/triggered/{id}')).toContain(200);
    expect(seen('POST /api/v1/auth/login')).toEqual(expect.arrayContaining([200, 422]));
    expect(seen('POST /api/v1/team')).toContain(201);
    const successes = [...answered].filter(([, statuses]) => [...statuses].some((s) => s >= 200 && s < 300));
    expect(successes.length).toBeGreaterThan(60);
  }, 120_000);
});
