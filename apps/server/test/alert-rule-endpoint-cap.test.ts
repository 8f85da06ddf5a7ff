import { DEFAULT_MAX_ENDPOINTS_PER_RULE } from '@oncall/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEndpoint } from './support/alert-rule-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const MAX = 3;
const TOO_MANY = `An alert rule may page at most ${MAX} endpoints.`;

/**
 * Every fire of a rule is one send per endpoint, so the endpoints one rule pages are capped
 * (`maxEndpointsPerRule`, 3 here) wherever endpoints are attached to a rule: a 422 at the field that
 * carried them, and nothing attached.
 */
describe('the cap on endpoints per alert rule', () => {
  let h: TestApp;
  let admin: string;
  let adminId: string;
  let counter = 0;

  beforeAll(async () => {
    h = await createTestApp({ maxEndpointsPerRule: MAX });
    admin = await h.adminToken();
    adminId = (await h.call('GET', '/api/v1/auth/me', { token: admin })).json().id;
  });
  afterAll(() => h.dispose());

  const endpoints = (count: number) =>
    Promise.all(Array.from({ length: count }, () => seedEndpoint(h.t, adminId)));
  const createRule = (endpointIds: string[]) => {
    counter += 1;
    return h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: { type: 'api', name: `capped rule ${counter}`, endpointIds },
    });
  };
  const attached = async (ruleId: string) =>
    (await h.call('GET', `/api/v1/alert-rule-notify/${ruleId}`, { token: admin })).json()
      .endpointIds as string[];

  it('refuses a new rule with more endpoints, counting each endpoint once', async () => {
    const [a, b, c, d] = await endpoints(4);
    const refused = await createRule([a, b, c, d] as string[]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ endpointIds: [TOO_MANY] });

    const accepted = await createRule([a, b, c, a] as string[]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect([...accepted.json().endpointIds].sort()).toEqual([a, b, c].sort());
  });

  it('refuses an update that would replace the endpoints with more', async () => {
    const ids = await endpoints(4);
    const rule = (await createRule(ids.slice(0, 1))).json();
    const refused = await h.call('PUT', `/api/v1/alert-rule/${rule.id}`, {
      token: admin,
      body: { endpointIds: ids },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ endpointIds: [TOO_MANY] });
    expect(await attached(rule.id)).toEqual(ids.slice(0, 1));
  });

  it('refuses adding endpoints past the cap, counting those already attached', async () => {
    const ids = await endpoints(4);
    const rule = (await createRule(ids.slice(0, 2))).json();
    const add = (endpointIds: string[]) =>
      h.call('PUT', `/api/v1/alert-rule-notify/${rule.id}`, { token: admin, body: { endpointIds } });

    const refused = await add(ids.slice(1, 4));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ endpointIds: [TOO_MANY] });
    expect([...(await attached(rule.id))].sort()).toEqual(ids.slice(0, 2).sort());

    // Endpoints already on the rule do not count twice.
    const accepted = await add(ids.slice(0, 3));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect([...(await attached(rule.id))].sort()).toEqual(ids.slice(0, 3).sort());
  });

  it('refuses concurrent additions that would together go past the cap', async () => {
    const ids = await endpoints(MAX + 2);
    const rule = (await createRule([])).json();
    const answers = await Promise.all(
      ids.map((id) =>
        h.call('PUT', `/api/v1/alert-rule-notify/${rule.id}`, { token: admin, body: { endpointIds: [id] } }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(MAX);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(2);
    expect(await attached(rule.id)).toHaveLength(MAX);
  });

  it('refuses a batch addition that would take any of the rules past the cap', async () => {
    const ids = await endpoints(3);
    const roomy = (await createRule([])).json();
    const full = (await createRule(ids)).json();
    const [extra] = await endpoints(1);
    const refused = await h.call('PUT', '/api/v1/alert-rule-notify/batchAlert', {
      token: admin,
      body: { alertIds: [roomy.id, full.id], endpoints: [extra] },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ endpoints: [TOO_MANY] });
    expect(await attached(roomy.id)).toEqual([]);
  });

  it('refuses a group action that would take a matched rule past the cap', async () => {
    const ids = await endpoints(3);
    const full = (await createRule(ids)).json();
    const [extra] = await endpoints(1);
    const refused = await h.call(
      'POST',
      `/api/v1/alert-rule/group-action/add-user-notify?alertname=${encodeURIComponent(full.name)}`,
      { token: admin, body: { userIds: [], teamIds: [], endpointIds: [extra] } },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ endpointIds: [TOO_MANY] });
    expect(await attached(full.id)).toHaveLength(3);
  });

  it('is 50 unless configured', () => {
    expect(DEFAULT_MAX_ENDPOINTS_PER_RULE).toBe(50);
  });
});
