import { ADMIN } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The original web UI (skylogsio/skylogs, `apps/frontend/src/api/alertRule.ts` and the axios
 * instance its server actions share) sends `Content-Type: application/json` on every POST, PUT
 * and DELETE, with no body at all when the action takes no input.
 */
describe('body-less JSON requests from the legacy web UI', () => {
  let h: TestApp;
  let token: string;
  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    h = await createTestApp();
    token = await h.adminToken();
  });
  afterAll(() => h.dispose());

  it('reads an empty JSON body as {} on auth/me, pin, silence and test notification', async () => {
    const { ruleId } = await seedRule(h.t);
    const me = await h.call('POST', '/api/v1/auth/me', { token, headers: json, body: '' });
    expect(me.statusCode).toBe(200);
    expect(me.json().roles).toEqual(['owner']);
    const pin = await h.call('POST', `/api/v1/alert-rule/pin/${ruleId}`, { token, headers: json, body: '' });
    expect(pin.statusCode).toBe(200);
    const silent = await h.call('POST', `/api/v1/alert-rule/silent/${ruleId}`, {
      token,
      headers: json,
      body: '',
    });
    expect(silent.statusCode).toBe(200);
    const test = await h.call('POST', `/api/v1/alert-rule-notify/test/${ruleId}`, {
      token,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '',
    });
    expect(test.statusCode).toBe(200);
  });

  it('reads an empty JSON body as {} on DELETE and on logout', async () => {
    const { ruleId } = await seedRule(h.t);
    const removed = await h.call('DELETE', `/api/v1/alert-rule/${ruleId}`, {
      token,
      headers: json,
      body: '',
    });
    expect(removed.statusCode).toBe(200);
    const pair = await h.login(ADMIN.username, ADMIN.password);
    const logout = await h.call('POST', '/api/v1/auth/logout', {
      token: pair.accessToken,
      headers: json,
      body: '',
    });
    expect(logout.statusCode).toBe(200);
  });

  it('still refuses a body that is not JSON, and validates {} like any other body', async () => {
    const broken = await h.call('POST', '/api/v1/auth/login', { headers: json, body: '{"username":' });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual({ body: ['The request body is not valid JSON.'] });
    const empty = await h.call('POST', '/api/v1/auth/login', { headers: json, body: '' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['password', 'username']);
  });
});
