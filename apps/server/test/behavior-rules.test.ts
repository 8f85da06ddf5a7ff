import { queryRows } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEndpoint } from './support/alert-rule-fixtures';
import { deferred } from './support/deferred';
import { createTestApp, type TestApp } from './support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';
const base = '/api/v1/alert-rule-behavior-rule';

interface User {
  id: string;
  token: string;
}

describe('behavior rules', () => {
  let h: TestApp;
  let alice: User;
  let bob: User;
  let carol: User;
  let counter = 0;

  beforeAll(async () => {
    h = await createTestApp();
    alice = await h.userWithToken('behavior-alice', 'member');
    bob = await h.userWithToken('behavior-bob', 'member');
    carol = await h.userWithToken('behavior-carol', 'member');
  });
  afterAll(() => h.dispose());

  /** A rule of alice's (shared with bob), of `type`. */
  const rule = async (type = 'api', extra: Record<string, unknown> = {}) => {
    counter += 1;
    const response = await h.call('POST', '/api/v1/alert-rule', {
      token: alice.token,
      body: { type, name: `behavior rule ${counter}`, userIds: [bob.id], ...extra },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string; name: string };
  };
  const post = (alertRuleId: string, body: unknown, token = alice.token) =>
    h.call('POST', `${base}/${alertRuleId}`, { token, body });
  const put = (alertRuleId: string, ruleId: string, body: unknown, token = alice.token) =>
    h.call('PUT', `${base}/${alertRuleId}/${ruleId}`, { token, body });
  const hasBehaviorRules = async (alertRuleId: string) => {
    const [row] = await queryRows<{ has: boolean }>(
      h.t.core.orm.em.fork(),
      'select has_behavior_rules as has from alert_rules where id = ?',
      [alertRuleId],
    );
    return row?.has;
  };

  describe('create and read', () => {
    it('stores each kind and lists them oldest first with endpoints and dependencies by name', async () => {
      const target = await rule();
      const other = await rule('prometheus', { queryType: 'dynamic', dataSourceAlertName: 'Up' });
      const endpointId = await seedEndpoint(h.t, alice.id, { name: 'alice pager' });
      expect(await hasBehaviorRules(target.id)).toBe(false);

      const notification = await post(target.id, {
        type: 'notification',
        name: 'db pages',
        filters: [{ key: 'instance', value: 'db-* & !db-test*' }],
        endpointIds: [endpointId],
        ignored: 'legacy clients send extra fields',
      });
      expect(notification.statusCode, notification.body).toBe(200);
      expect(notification.json()).toMatchObject({
        status: true,
        rule: {
          alertRuleId: target.id,
          type: 'notification',
          name: 'db pages',
          filters: [{ key: 'instance', value: 'db-* & !db-test*' }],
          endpointIds: [endpointId],
          endpoints: [{ id: endpointId, name: 'alice pager' }],
        },
      });
      expect(notification.json().rule).not.toHaveProperty('ignored');

      const template = await post(target.id, {
        type: 'template',
        endpointIds: [endpointId],
        template: 'Line one\n{{name}} is {{state_line}}',
      });
      expect(template.statusCode, template.body).toBe(200);
      expect(template.json().rule).toMatchObject({
        type: 'template',
        name: null,
        template: 'Line one\n{{name}} is {{state_line}}',
      });

      const silent = await post(target.id, {
        type: 'silent',
        name: '',
        dependsOnAlertRuleIds: [other.id, other.id],
        triggerState: 'critical',
      });
      expect(silent.statusCode, silent.body).toBe(200);
      expect(silent.json().rule).toMatchObject({
        type: 'silent',
        name: null,
        dependsOnAlertRuleIds: [other.id],
        dependsOnAlertRules: [{ id: other.id, name: other.name }],
        triggerState: 'critical',
      });
      expect(await hasBehaviorRules(target.id)).toBe(true);

      // Bob sees the alert rule (shared): he may read its behavior rules.
      const list = await h.call('GET', `${base}/${target.id}`, { token: bob.token });
      expect(list.statusCode).toBe(200);
      const rules = list.json().rules;
      expect(rules.map((r: { type: string }) => r.type)).toEqual(['notification', 'template', 'silent']);
      expect(rules[0]).toEqual(notification.json().rule);
      expect(rules[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it('offers as dependencies the visible rules that can be resolved or critical, except the rule itself', async () => {
      const target = await rule();
      const api = await rule();
      const notificationRule = await rule('notification');
      const hidden = await h.call('POST', '/api/v1/alert-rule', {
        token: carol.token,
        body: { type: 'api', name: `carol's ${counter}` },
      });
      const response = await h.call('GET', `${base}/selectable-alert-rules/${target.id}`, {
        token: alice.token,
      });
      expect(response.statusCode).toBe(200);
      const ids = response.json().map((r: { id: string }) => r.id);
      expect(ids).toContain(api.id);
      expect(ids).not.toContain(target.id);
      expect(ids).not.toContain(notificationRule.id);
      expect(ids).not.toContain(hidden.json().id);
      expect(response.json().find((r: { id: string }) => r.id === api.id)).toEqual({
        id: api.id,
        name: api.name,
        type: 'api',
      });
    });
  });

  describe('validation', () => {
    it('reports every bad field at its path', async () => {
      const target = await rule();
      const endpointId = await seedEndpoint(h.t, alice.id);
      const response = await post(target.id, {
        type: 'notification',
        filters: [
          { key: '', value: 'x' },
          { key: 'env', value: 'x'.repeat(1001) },
        ],
        endpointIds: [endpointId, 42],
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors).sort()).toEqual([
        'endpointIds.1',
        'filters.0.key',
        'filters.1.value',
      ]);
      expect(response.json().code).toBe('validation_failed');
    });

    it('refuses a filter pattern that does not parse, an unknown kind and empty lists', async () => {
      const target = await rule();
      const endpointId = await seedEndpoint(h.t, alice.id);
      const pattern = await post(target.id, {
        type: 'notification',
        filters: [
          { key: 'env', value: 'prod' },
          { key: 'host', value: '(web|api' },
        ],
        endpointIds: [endpointId],
      });
      expect(pattern.statusCode).toBe(422);
      expect(pattern.json().errors).toEqual({
        'filters.1.value': ['The pattern is invalid: Missing ")" at the end.'],
      });

      const kind = await post(target.id, { type: 'reminder' });
      expect(kind.statusCode).toBe(422);
      expect(kind.json().errors).toEqual({ type: ['The type must be notification, template or silent.'] });

      const empty = await post(target.id, { type: 'template', endpointIds: [], template: '' });
      expect(empty.statusCode).toBe(422);
      expect(Object.keys(empty.json().errors).sort()).toEqual(['endpointIds', 'template']);

      const silent = await post(target.id, {
        type: 'silent',
        dependsOnAlertRuleIds: [UNKNOWN_ID],
        triggerState: 'warning',
      });
      expect(silent.json().errors).toEqual({
        triggerState: ['The trigger state must be resolved or critical.'],
      });
    });

    it('refuses a pattern with more than 32 groups or nested more than 8 deep, at its field', async () => {
      const target = await rule();
      const endpointId = await seedEndpoint(h.t, alice.id);
      const response = await post(target.id, {
        type: 'notification',
        filters: [
          { key: 'env', value: '(a|b)'.repeat(33) },
          { key: 'host', value: `${'('.repeat(9)}a${')'.repeat(9)}` },
          { key: 'job', value: `${'(a|b)'.repeat(31)}${'('.repeat(1)}c${')'.repeat(1)}` },
        ],
        endpointIds: [endpointId],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        'filters.0.value': ['The pattern is invalid: A pattern may have at most 32 groups in parentheses.'],
        'filters.1.value': ['The pattern is invalid: Parentheses may be nested at most 8 deep.'],
      });
    });

    it('refuses a template over 16 KiB', async () => {
      const target = await rule();
      const endpointId = await seedEndpoint(h.t, alice.id);
      const response = await post(target.id, {
        type: 'template',
        endpointIds: [endpointId],
        template: 'é'.repeat(8193),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ template: ['The template may not be larger than 16 KiB.'] });
    });

    it('takes only endpoints the caller can see', async () => {
      const target = await rule();
      const mine = await seedEndpoint(h.t, alice.id);
      const carols = await seedEndpoint(h.t, carol.id);
      const response = await post(target.id, {
        type: 'template',
        endpointIds: [mine, mine, carols, UNKNOWN_ID, 'nope'],
        template: 'x',
      });
      expect(response.statusCode).toBe(422);
      // Reported at the index sent, duplicates counted.
      expect(Object.keys(response.json().errors).sort()).toEqual([
        'endpointIds.2',
        'endpointIds.3',
        'endpointIds.4',
      ]);
    });

    it('takes only dependencies that exist, are visible, can be resolved or critical and are not the rule', async () => {
      const target = await rule();
      const api = await rule();
      const notificationRule = await rule('notification');
      const carols = (
        await h.call('POST', '/api/v1/alert-rule', {
          token: carol.token,
          body: { type: 'api', name: `carol dep ${counter}` },
        })
      ).json().id;
      const response = await post(target.id, {
        type: 'silent',
        dependsOnAlertRuleIds: [api.id, notificationRule.id, carols, target.id, UNKNOWN_ID, 'nope'],
        triggerState: 'resolved',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        'dependsOnAlertRuleIds.1': [
          'The selected alert rule is never resolved or critical: notification rules only record triggered events.',
        ],
        'dependsOnAlertRuleIds.2': ['The selected alert rule is invalid.'],
        'dependsOnAlertRuleIds.3': ['An alert rule cannot depend on itself.'],
        'dependsOnAlertRuleIds.4': ['The selected alert rule is invalid.'],
        'dependsOnAlertRuleIds.5': ['The selected alert rule is invalid.'],
      });
    });

    it('refuses a dependency that closes a cycle, naming it', async () => {
      const a = await rule();
      const b = await rule();
      const c = await rule();
      const silent = (dependsOn: string) => ({
        type: 'silent',
        dependsOnAlertRuleIds: [dependsOn],
        triggerState: 'critical',
      });
      expect((await post(a.id, silent(b.id))).statusCode).toBe(200);
      const direct = await post(b.id, silent(a.id));
      expect(direct.statusCode).toBe(422);
      expect(direct.json().errors).toEqual({
        dependsOnAlertRuleIds: [`These dependencies would make a cycle: ${b.name} → ${a.name} → ${b.name}.`],
      });

      const bOnC = await post(b.id, silent(c.id));
      expect(bOnC.statusCode).toBe(200);
      const longer = await post(c.id, silent(a.id));
      expect(longer.statusCode).toBe(422);
      expect(longer.json().errors.dependsOnAlertRuleIds).toEqual([
        `These dependencies would make a cycle: ${c.name} → ${a.name} → ${b.name} → ${c.name}.`,
      ]);

      // Through an update too: b's rule moved from c to a closes a → b → a.
      const changed = await put(b.id, bOnC.json().rule.id, { dependsOnAlertRuleIds: [a.id] });
      expect(changed.statusCode).toBe(422);
      expect(changed.json().errors.dependsOnAlertRuleIds).toEqual([
        `These dependencies would make a cycle: ${b.name} → ${a.name} → ${b.name}.`,
      ]);
    });
  });

  describe('filter patterns against hostile values', () => {
    /** The pattern: a backtracking engine tries every way to share the `a`s among the `*`s. */
    const HOSTILE = '(x|y)*a*a*a*a*a*a*a*a*a*a*b';

    it("decides a member's pathological pattern in about the time of a trivial one", async () => {
      const endpointId = await seedEndpoint(h.t, alice.id);
      const hostileRule = await rule();
      const trivialRule = await rule();
      const routing = await post(hostileRule.id, {
        type: 'notification',
        filters: [{ key: 'instance', value: HOSTILE }],
        endpointIds: [endpointId],
      });
      expect(routing.statusCode, routing.body).toBe(200);
      const routingId = routing.json().rule.id as string;
      expect(
        (
          await post(trivialRule.id, {
            type: 'notification',
            filters: [{ key: 'instance', value: 'x*b' }],
            endpointIds: [endpointId],
          })
        ).statusCode,
      ).toBe(200);
      const tokenOf = async (id: string) =>
        (await h.call('GET', `/api/v1/alert-rule/${id}`, { token: alice.token })).json().apiToken as string;
      const fire = async (ruleId: string, instance: string) => {
        const token = await tokenOf(ruleId);
        const started = performance.now();
        const fired = await h.call('POST', '/api/v1/fire-alert', {
          token,
          body: { alertname: 'x', instance },
        });
        expect(fired.statusCode, fired.body).toBe(200);
        return performance.now() - started;
      };
      await fire(hostileRule.id, 'warm-up');
      await fire(trivialRule.id, 'warm-up');

      const hostile = `x${'a'.repeat(40)}`;
      const trivialMs = Math.max(
        await fire(trivialRule.id, hostile),
        await fire(trivialRule.id, `${hostile}a`),
        await fire(trivialRule.id, `${hostile}aa`),
      );
      const hostileMs = await fire(hostileRule.id, hostile);
      // A generous bound relative to the same run: a backtracking matcher took 49 s here.
      expect(hostileMs).toBeLessThan(5 * trivialMs + 2_000);
      await fire(hostileRule.id, `${hostile}b`);

      const history = (
        await h.call('GET', `/api/v1/alert-rule/history/${hostileRule.id}`, { token: alice.token })
      ).json().data as { instance: string; behavior?: unknown }[];
      expect(history.find((e) => e.instance === hostile)?.behavior).toBeUndefined();
      expect(history.find((e) => e.instance === `${hostile}b`)?.behavior).toEqual({
        routed: [{ behaviorRuleId: routingId, endpointIds: [endpointId] }],
      });
    });
  });

  describe('update', () => {
    it('merges the sent fields of the kind, keeps the rest and checks the result', async () => {
      const target = await rule();
      const first = await seedEndpoint(h.t, alice.id);
      const second = await seedEndpoint(h.t, alice.id);
      const created = (
        await post(target.id, {
          type: 'notification',
          name: 'before',
          filters: [{ key: 'env', value: 'prod' }],
          endpointIds: [first],
        })
      ).json().rule;

      const renamed = await put(target.id, created.id, { name: 'after', template: 'not of this kind' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({
        status: true,
        rule: {
          id: created.id,
          name: 'after',
          filters: [{ key: 'env', value: 'prod' }],
          endpointIds: [first],
        },
      });
      expect(renamed.json().rule).not.toHaveProperty('template');

      const moved = await put(target.id, created.id, { type: 'notification', endpointIds: [second] });
      expect(moved.json().rule.endpointIds).toEqual([second]);

      const badPattern = await put(target.id, created.id, { filters: [{ key: 'env', value: 'a &' }] });
      expect(badPattern.statusCode).toBe(422);
      expect(Object.keys(badPattern.json().errors)).toEqual(['filters.0.value']);
    });

    it('refuses another kind at type', async () => {
      const target = await rule();
      const endpointId = await seedEndpoint(h.t, alice.id);
      const created = (
        await post(target.id, { type: 'template', endpointIds: [endpointId], template: 'x' })
      ).json().rule;
      const response = await put(target.id, created.id, { type: 'silent' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ type: ['The type of a behavior rule cannot be changed.'] });
    });
  });

  describe('access and missing records', () => {
    it('lets whoever sees the rule read, only its admins write, and nobody else learn it exists', async () => {
      const target = await rule();
      const endpointId = await seedEndpoint(h.t, alice.id);
      const created = (
        await post(target.id, { type: 'template', endpointIds: [endpointId], template: 'x' })
      ).json().rule;
      const body = { type: 'template', endpointIds: [endpointId], template: 'y' };

      expect((await h.call('GET', `${base}/${target.id}`, { token: bob.token })).statusCode).toBe(200);
      const forbidden = await post(target.id, body, bob.token);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().code).toBe('forbidden');
      expect((await put(target.id, created.id, { template: 'z' }, bob.token)).statusCode).toBe(403);
      expect(
        (await h.call('DELETE', `${base}/${target.id}/${created.id}`, { token: bob.token })).statusCode,
      ).toBe(403);

      for (const [method, url] of [
        ['GET', `${base}/${target.id}`],
        ['GET', `${base}/selectable-alert-rules/${target.id}`],
        ['POST', `${base}/${target.id}`],
        ['PUT', `${base}/${target.id}/${created.id}`],
        ['DELETE', `${base}/${target.id}/${created.id}`],
      ] as const) {
        const response = await h.call(method, url, {
          token: carol.token,
          body: method === 'GET' || method === 'DELETE' ? undefined : body,
        });
        expect([method, url, response.statusCode]).toEqual([method, url, 404]);
      }
    });

    it('answers 404 for unknown or malformed ids and for a behavior rule of another alert rule', async () => {
      const target = await rule();
      const other = await rule();
      const endpointId = await seedEndpoint(h.t, alice.id);
      const created = (
        await post(target.id, { type: 'template', endpointIds: [endpointId], template: 'x' })
      ).json().rule;
      const cases: Array<[string, string]> = [
        ['GET', `${base}/${UNKNOWN_ID}`],
        ['GET', `${base}/not-a-uuid`],
        ['GET', `${base}/selectable-alert-rules/${UNKNOWN_ID}`],
        ['PUT', `${base}/${target.id}/${UNKNOWN_ID}`],
        ['PUT', `${base}/${target.id}/not-a-uuid`],
        ['PUT', `${base}/${other.id}/${created.id}`],
        ['DELETE', `${base}/${other.id}/${created.id}`],
        ['DELETE', `${base}/not-a-uuid/${created.id}`],
      ];
      for (const [method, url] of cases) {
        const response = await h.call(method as 'GET' | 'PUT' | 'DELETE', url, {
          token: alice.token,
          body: method === 'PUT' ? { template: 'y' } : undefined,
        });
        expect([method, url, response.statusCode]).toEqual([method, url, 404]);
      }
    });
  });

  // PGlite has one session, so a second transaction cannot hold the endpoint's row meanwhile.
  it.runIf(process.env.TEST_DB !== 'pglite')(
    'answers 422 naming the field when an endpoint is deleted between the check and the insert',
    async () => {
      const target = await rule();
      const endpointId = await seedEndpoint(h.t, alice.id);
      const deleteRan = deferred();
      const commitDelete = deferred();
      const deleted = h.t.core.orm.em.fork().transactional(async (tx) => {
        await queryRows(tx, 'delete from endpoints where id = ? returning id', [endpointId]);
        deleteRan.resolve();
        await commitDelete.promise;
      });
      // Only once the delete has run: sent first, it could still reach the database after the create.
      await deleteRan.promise;
      // The create checks its references (the delete is not committed, so the endpoint is there),
      // then its link insert waits on the deleted row's lock until the delete commits.
      const creating = post(target.id, { type: 'template', endpointIds: [endpointId], template: 'x' });
      await waitForLockWait(h);
      commitDelete.resolve();
      await deleted;
      const response = await creating;
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toHaveProperty('endpointIds');
      expect(await hasBehaviorRules(target.id)).toBe(false);
    },
  );

  describe('delete and cascades', () => {
    it('deletes a rule, answers it as it was and keeps has_behavior_rules in step', async () => {
      const target = await rule();
      const endpointId = await seedEndpoint(h.t, alice.id);
      const one = (
        await post(target.id, { type: 'template', endpointIds: [endpointId], template: 'x' })
      ).json().rule;
      const two = (
        await post(target.id, { type: 'template', endpointIds: [endpointId], template: 'y' })
      ).json().rule;
      const deleted = await h.call('DELETE', `${base}/${target.id}/${one.id}`, { token: alice.token });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ status: true, rule: one });
      expect(await hasBehaviorRules(target.id)).toBe(true);
      await h.call('DELETE', `${base}/${target.id}/${two.id}`, { token: alice.token });
      expect(await hasBehaviorRules(target.id)).toBe(false);
      expect((await h.call('GET', `${base}/${target.id}`, { token: alice.token })).json()).toEqual({
        rules: [],
      });
      expect(
        (await h.call('DELETE', `${base}/${target.id}/${two.id}`, { token: alice.token })).statusCode,
      ).toBe(404);
    });

    it('goes with its alert rule, and a deleted dependency or endpoint leaves the silent and template rules', async () => {
      const target = await rule();
      const dependency = await rule();
      const kept = await rule();
      const endpointId = await seedEndpoint(h.t, alice.id);
      const silent = (
        await post(target.id, {
          type: 'silent',
          dependsOnAlertRuleIds: [dependency.id, kept.id],
          triggerState: 'resolved',
        })
      ).json().rule;
      const template = (
        await post(target.id, { type: 'template', endpointIds: [endpointId], template: 'x' })
      ).json().rule;

      expect(
        (await h.call('DELETE', `/api/v1/alert-rule/${dependency.id}`, { token: alice.token })).statusCode,
      ).toBe(200);
      await h.call('DELETE', `/api/v1/endpoint/${endpointId}`, { token: alice.token });
      const rules = (await h.call('GET', `${base}/${target.id}`, { token: alice.token })).json().rules;
      expect(rules.find((r: { id: string }) => r.id === silent.id).dependsOnAlertRuleIds).toEqual([kept.id]);
      expect(rules.find((r: { id: string }) => r.id === template.id).endpointIds).toEqual([]);

      expect(
        (await h.call('DELETE', `/api/v1/alert-rule/${target.id}`, { token: alice.token })).statusCode,
      ).toBe(200);
      const [left] = await queryRows<{ count: number }>(
        h.t.core.orm.em.fork(),
        'select count(*)::int as count from alert_rule_behavior_rules where alert_rule_id = ?',
        [target.id],
      );
      expect(left?.count).toBe(0);
    });
  });

  it('refuses a template that does not parse with the line it fails on, on create and update', async () => {
    const target = await rule();
    const endpointId = await seedEndpoint(h.t, alice.id);
    const body = { type: 'template', endpointIds: [endpointId] };
    const refused = await post(target.id, { ...body, template: 'a\nb\n{% if x %}unclosed' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.template[0]).toMatch(/^Line 3: /);
    const unknownFilter = await post(target.id, { ...body, template: '{{ name | shout }}' });
    expect(unknownFilter.json().errors.template[0]).toMatch(/^Line 1: .*shout/);
    const created = await post(target.id, { ...body, template: '{{name}} {{state_line}}' });
    expect(created.statusCode, created.body).toBe(200);
    const update = await put(target.id, created.json().rule.id, { template: 'x\n{{ name' });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors.template[0]).toMatch(/^Line 2: /);
  });
});

/** Resolves once a session of the test's database waits on a lock. */
async function waitForLockWait(h: TestApp): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const rows = await queryRows(
      h.t.core.orm.em.fork(),
      "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no session came to wait on a lock');
}
