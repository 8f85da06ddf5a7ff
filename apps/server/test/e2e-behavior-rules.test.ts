import { AlertRule, Endpoint, queryRows, User } from '@oncall/core/persistence';
import { runPagingToEnd } from '@oncall/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import type { DeliveredMessage } from './support/delivery-fakes';
import { seedChannelEndpoints } from './support/seed-delivery';

const WAIT = { timeout: 30_000, interval: 50 };
const base = '/api/v1/alert-rule-behavior-rule';

/**
 * Behavior rules changing what is delivered, end to end: fires through the real ingestion routes,
 * the embedded engine delivering to fake vendors, the rule's history. A notification rule routes
 * one instance to more endpoints and not another; a template rule changes the SMS and the Telegram
 * text (and a template that fails at send time falls back to the default message, recorded); a
 * silent rule holds every notification back while its dependency is critical, and lets them
 * through once it resolves.
 */
describe('behavior rules, delivered', () => {
  let h: DeliveringTestApp;
  let adminId: string;
  let counter = 0;

  beforeAll(async () => {
    h = await createDeliveringTestApp({ ingestPerTokenPerMinute: 100_000 });
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
  });
  afterAll(() => h.dispose());

  const admin = () => h.adminToken();
  /** An `api` rule over REST with the given endpoints; its id, name and ingestion token. */
  const apiRule = async (endpointIds: string[]) => {
    counter += 1;
    const created = await h.call('POST', '/api/v1/alert-rule', {
      token: await admin(),
      body: { type: 'api', name: `behavior e2e ${counter}`, endpointIds },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, name, apiToken } = created.json() as { id: string; name: string; apiToken: string };
    return { id, name, token: apiToken };
  };
  const behavior = async (alertRuleId: string, body: Record<string, unknown>) => {
    const created = await h.call('POST', `${base}/${alertRuleId}`, { token: await admin(), body });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().rule.id as string;
  };
  const fire = (token: string, instance: string) =>
    h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'disk_full', instance } });
  const resolve = (token: string, instance: string) =>
    h.call('POST', '/api/v1/resolve-alert', { token, body: { alertname: 'disk_full', instance } });
  const to = (destination: string): DeliveredMessage[] =>
    h.fakes.delivered().filter((m) => m.destination === destination);
  /** What the delivery log keeps beside its attempts of an instance's events: behavior rules' effects. */
  const behaviorsOf = (ruleId: string, instance: string) =>
    queryRows<{ endpoint_id: string; effect: string; behavior_rule_id: string; error: string | null }>(
      h.t.core.orm.em.fork(),
      `select n.endpoint_id, n.effect, n.behavior_rule_id, n.error from notification_behaviors n
         join alert_events e on e.id = n.alert_event_id
        where e.rule_id = ? and e.instance = ? order by e.created_at, n.endpoint_id, n.effect`,
      [ruleId, instance],
    );
  const history = async (ruleId: string) =>
    (await h.call('GET', `/api/v1/alert-rule/history/${ruleId}`, { token: await admin() })).json().data as {
      statusLabel: string;
      instance: string;
      behavior?: Record<string, unknown>;
    }[];

  it('routes an instance its filters match to more endpoints, and not another', async () => {
    const own = await seedChannelEndpoints(h.t, adminId, h.fakes);
    const extra = await seedChannelEndpoints(h.t, adminId, h.fakes);
    const rule = await apiRule([own.sms.id]);
    const routing = await behavior(rule.id, {
      type: 'notification',
      name: 'databases to the DBA chat',
      filters: [{ key: 'instance', value: 'db-* & !db-test*' }],
      endpointIds: [extra.telegram.id, own.sms.id],
    });

    expect((await fire(rule.token, 'db-1')).statusCode).toBe(200);
    expect((await fire(rule.token, 'web-1')).statusCode).toBe(200);
    expect((await fire(rule.token, 'db-test-1')).statusCode).toBe(200);
    await runPagingToEnd(h.t.core.orm);
    await vi.waitFor(() => expect(to(own.sms.destination)).toHaveLength(3), WAIT);
    // The rule's own SMS once per instance, though the routing rule lists it too.
    expect(
      to(own.sms.destination)
        .map((m) => m.text.includes('db-1'))
        .filter(Boolean),
    ).toHaveLength(1);
    await vi.waitFor(() => expect(to(extra.telegram.destination)).toHaveLength(1), WAIT);
    expect(to(extra.telegram.destination)[0]?.text).toContain('db-1');

    // The resolve of a routed instance goes where its fire went.
    expect((await resolve(rule.token, 'db-1')).statusCode).toBe(200);
    await vi.waitFor(() => expect(to(extra.telegram.destination)).toHaveLength(2), WAIT);
    expect(to(extra.telegram.destination)[1]?.text).toContain('RESOLVED');

    const events = await history(rule.id);
    const routed = events.filter((e) => e.instance === 'db-1');
    expect(routed.map((e) => e.behavior)).toEqual([
      { routed: [{ behaviorRuleId: routing, endpointIds: [own.sms.id, extra.telegram.id].sort() }] },
      { routed: [{ behaviorRuleId: routing, endpointIds: [own.sms.id, extra.telegram.id].sort() }] },
    ]);
    expect(events.find((e) => e.instance === 'web-1')?.behavior).toBeUndefined();
    // The delivery log names the rule that added the DBAs' endpoint, on the fire and the resolve.
    expect(
      (await behaviorsOf(rule.id, 'db-1')).map((r) => [r.endpoint_id, r.effect, r.behavior_rule_id]),
    ).toEqual([
      [extra.telegram.id, 'routed', routing],
      [extra.telegram.id, 'routed', routing],
    ]);
    expect(await behaviorsOf(rule.id, 'web-1')).toEqual([]);
  });

  it('renders the SMS and the Telegram message from a template, and falls back when it fails at send time', async () => {
    const endpoints = await seedChannelEndpoints(h.t, adminId, h.fakes);
    const rule = await apiRule([endpoints.sms.id, endpoints.telegram.id, endpoints.email.id]);
    const template = await behavior(rule.id, {
      type: 'template',
      endpointIds: [endpoints.sms.id, endpoints.telegram.id],
      template: '{{name}}: {{state_line}} on {{instance}} ({{ rule.type }})',
    });

    expect((await fire(rule.token, 'host-7')).statusCode).toBe(200);
    await vi.waitFor(() => expect(to(endpoints.sms.destination)).toHaveLength(1), WAIT);
    await vi.waitFor(() => expect(to(endpoints.telegram.destination)).toHaveLength(1), WAIT);
    await vi.waitFor(() => expect(to(endpoints.email.destination)).toHaveLength(1), WAIT);
    const expected = `${rule.name}: 🔴 CRITICAL on host-7 (api)`;
    expect(to(endpoints.sms.destination)[0]?.text).toContain(expected);
    expect(to(endpoints.telegram.destination)[0]?.text).toContain(expected);
    // The email endpoint has no template: the default message.
    expect(to(endpoints.email.destination)[0]?.text).not.toContain(expected);
    expect(to(endpoints.email.destination)[0]?.text).toContain(`CRITICAL: ${rule.name}`);
    const fired = (await history(rule.id)).find((e) => e.statusLabel === 'Firing');
    expect(fired?.behavior).toEqual({
      templated: [
        { behaviorRuleId: template, endpointIds: [endpoints.sms.id, endpoints.telegram.id].sort() },
      ],
    });

    // A template that parses but cannot render within its bounds: the default message goes, and why is kept.
    await h.call('PUT', `${base}/${rule.id}/${template}`, {
      token: await admin(),
      body: { template: '{% for i in (1..1000000000) %}{{ i }}{% endfor %}' },
    });
    expect((await fire(rule.token, 'host-8')).statusCode).toBe(200);
    await vi.waitFor(() => expect(to(endpoints.sms.destination)).toHaveLength(2), WAIT);
    expect(to(endpoints.sms.destination)[1]?.text).toContain(`CRITICAL: ${rule.name}`);
    // Telegram goes through its lane's queue: its fallback is recorded when it renders, later.
    const renderings = await vi.waitFor(async () => {
      const rows = await behaviorsOf(rule.id, 'host-8');
      expect(rows.map((r) => r.effect)).toEqual(['template_fallback', 'template_fallback']);
      return rows;
    }, WAIT);
    expect(renderings.every((r) => r.behavior_rule_id === template && (r.error ?? '').length > 0)).toBe(true);
    expect((await behaviorsOf(rule.id, 'host-7')).map((r) => [r.endpoint_id, r.effect])).toEqual(
      [endpoints.sms.id, endpoints.telegram.id].sort().map((id) => [id, 'templated']),
    );
  });

  it('sends the default message when a template runs out of its work bounds at send time', async () => {
    const endpoints = await seedChannelEndpoints(h.t, adminId, h.fakes);
    const rule = await apiRule([endpoints.sms.id]);
    await behavior(rule.id, {
      type: 'template',
      endpointIds: [endpoints.sms.id],
      template: `{% assign a = (1..20000) %}{{ a${' | sort_natural'.repeat(12)} }}`,
    });
    expect((await fire(rule.token, 'storm-1')).statusCode).toBe(200);
    await vi.waitFor(() => expect(to(endpoints.sms.destination)).toHaveLength(1), WAIT);
    expect(to(endpoints.sms.destination)[0]?.text).toContain(`CRITICAL: ${rule.name}`);
    const rows = await vi.waitFor(async () => {
      const found = await behaviorsOf(rule.id, 'storm-1');
      expect(found).toHaveLength(1);
      return found;
    }, WAIT);
    expect(rows[0]).toMatchObject({
      effect: 'template_fallback',
      error: 'Line 1: sort_natural: an array of 20000 elements is over the 10000 allowed',
    });
  });

  it('holds back every notification while a dependency is critical, and lets them through once it resolves', async () => {
    const endpoints = await seedChannelEndpoints(h.t, adminId, h.fakes);
    const link = await apiRule([]);
    const service = await apiRule([endpoints.sms.id]);
    const silence = await behavior(service.id, {
      type: 'silent',
      name: 'quiet while the uplink is down',
      dependsOnAlertRuleIds: [link.id],
      triggerState: 'critical',
    });

    expect((await fire(link.token, 'uplink')).statusCode).toBe(200);
    expect((await h.t.core.orm.em.fork().findOneOrFail(AlertRule, { id: link.id })).state).toBe('critical');
    expect((await fire(service.token, 'checkout')).statusCode).toBe(200);
    expect((await resolve(service.token, 'checkout')).statusCode).toBe(200);
    await runPagingToEnd(h.t.core.orm);
    expect(to(endpoints.sms.destination)).toEqual([]);
    // The state and history still change, and say why nobody was paged.
    const silenced = await history(service.id);
    expect(silenced.map((e) => e.statusLabel)).toEqual(['Resolved', 'Firing']);
    expect(silenced.map((e) => e.behavior)).toEqual([{ silencedBy: [silence] }, { silencedBy: [silence] }]);
    expect(
      (await behaviorsOf(service.id, 'checkout')).map((r) => [r.endpoint_id, r.effect, r.behavior_rule_id]),
    ).toEqual([
      [endpoints.sms.id, 'silenced', silence],
      [endpoints.sms.id, 'silenced', silence],
    ]);

    expect((await resolve(link.token, 'uplink')).statusCode).toBe(200);
    expect((await fire(service.token, 'checkout')).statusCode).toBe(200);
    await vi.waitFor(() => expect(to(endpoints.sms.destination)).toHaveLength(1), WAIT);
    expect(to(endpoints.sms.destination)[0]?.text).toContain('checkout');
    expect((await history(service.id))[0]?.behavior).toBeUndefined();
  });

  it('keeps a rule without behavior rules on the one-statement opening', async () => {
    const plain = await apiRule([]);
    expect((await fire(plain.token, 'quiet-1')).statusCode).toBe(200);
    const [row] = await queryRows<{ has: boolean }>(
      h.t.core.orm.em.fork(),
      'select has_behavior_rules as has from alert_rules where id = ?',
      [plain.id],
    );
    expect(row?.has).toBe(false);
    // A rule with no endpoint but a routing rule still pages what the routing rule adds.
    const extra = await seedChannelEndpoints(h.t, adminId, h.fakes);
    const routed = await apiRule([]);
    await behavior(routed.id, {
      type: 'notification',
      filters: [{ key: 'instance', value: '*' }],
      endpointIds: [extra.sms.id],
    });
    expect((await fire(routed.token, 'anything')).statusCode).toBe(200);
    await vi.waitFor(() => expect(to(extra.sms.destination)).toHaveLength(1), WAIT);
    expect(await h.t.core.orm.em.fork().count(Endpoint, { id: extra.sms.id })).toBe(1);
  });

  it('holds back notifications during a maintenance window, announces it in the rule read, and refuses a window that makes no sense', async () => {
    const endpoints = await seedChannelEndpoints(h.t, adminId, h.fakes);
    const rule = await apiRule([endpoints.sms.id]);
    const local = (offsetMs: number) =>
      new Date(h.t.clock.now().getTime() + offsetMs).toISOString().slice(0, 16);
    const HOUR = 3_600_000;
    const bad = await h.call('POST', `${base}/${rule.id}`, {
      token: await admin(),
      body: {
        type: 'silent',
        dependsOnAlertRuleIds: [],
        triggerState: 'critical',
        maintenance: { from: local(HOUR), to: local(0), timeZone: 'Mars/Olympus' },
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['maintenance.timeZone', 'maintenance.to']);
    const none = await h.call('POST', `${base}/${rule.id}`, {
      token: await admin(),
      body: { type: 'silent', dependsOnAlertRuleIds: [], triggerState: 'critical' },
    });
    expect(none.json().errors).toEqual({
      dependsOnAlertRuleIds: ['Select at least one alert rule, or give a maintenance window.'],
    });

    const window = await behavior(rule.id, {
      type: 'silent',
      name: 'Saturday upgrade',
      dependsOnAlertRuleIds: [],
      triggerState: 'critical',
      maintenance: { from: local(HOUR), to: local(3 * HOUR), timeZone: 'UTC' },
    });
    const read = async () =>
      (await h.call('GET', `/api/v1/alert-rule/${rule.id}`, { token: await admin() })).json();
    expect((await read()).maintenance).toBeUndefined();
    expect((await fire(rule.token, 'before')).statusCode).toBe(200);
    await vi.waitFor(() => expect(to(endpoints.sms.destination)).toHaveLength(1), WAIT);

    h.t.clock.advance(2 * HOUR);
    expect((await read()).maintenance).toMatchObject({ behaviorRuleId: window, name: 'Saturday upgrade' });
    expect((await fire(rule.token, 'during')).statusCode).toBe(200);
    await runPagingToEnd(h.t.core.orm);
    expect(to(endpoints.sms.destination)).toHaveLength(1);
    expect((await history(rule.id)).find((e) => e.instance === 'during')?.behavior).toEqual({
      silencedBy: [window],
    });

    h.t.clock.advance(2 * HOUR);
    expect((await read()).maintenance).toBeUndefined();
    expect((await fire(rule.token, 'after')).statusCode).toBe(200);
    await vi.waitFor(() => expect(to(endpoints.sms.destination)).toHaveLength(2), WAIT);
  });

  it("previews a template against the rule's last event over REST and tRPC, and names the line of an error", async () => {
    const rule = await apiRule([]);
    const preview = (template: string, token?: string) =>
      h.call('POST', `${base}/${rule.id}/preview`, { token, body: { template } });
    // A day from the wall clock's: the sample below is dated by the service's.
    h.t.clock.advance(86_400_000);
    const token = await admin();
    // No event yet: a sample alert stands in.
    const sample = await preview('{{name}} / {{instance}} / {{date}}', token);
    expect(sample.statusCode, sample.body).toBe(200);
    const now = h.t.clock.now().toISOString();
    expect(sample.json()).toEqual({
      status: true,
      text: `${rule.name} / example-instance / ${now.slice(0, 10)} ${now.slice(11, 19)} UTC`,
      alertEventId: null,
    });

    expect((await fire(rule.token, 'cache-3')).statusCode).toBe(200);
    const last = await preview('{{state_line}} {{instance}} {% alert_items labels: "*" %}', token);
    expect(last.json()).toMatchObject({ status: true, text: expect.stringContaining('🔴 CRITICAL cache-3') });
    expect(last.json().alertEventId).toEqual(expect.any(String));

    const broken = await preview('ok\n{% for x in items %}', token);
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors.template[0]).toMatch(/^Line 2: /);
    expect((await preview('{{name}}')).statusCode).toBe(401);

    // Work inside filters is bounded: a chain of sorts over a range past the array bound is refused at its first sort,
    // for each of 8 previews sent at once.
    const sorts = `{% assign a = (1..20000) %}{{ a${' | sort_natural'.repeat(12)} }}`;
    const hostile = await Promise.all(Array.from({ length: 8 }, () => preview(sorts, token)));
    for (const answer of hostile) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().errors.template).toEqual([
        'Line 1: sort_natural: an array of 20000 elements is over the 10000 allowed',
      ]);
    }

    const overTrpc = await h.call('POST', '/trpc/behaviorRules.previewTemplate', {
      token,
      body: { alertRuleId: rule.id, template: '{{ instance | upcase }}' },
    });
    expect(overTrpc.statusCode, overTrpc.body).toBe(200);
    expect(overTrpc.json().result.data).toMatchObject({ status: true, text: 'CACHE-3' });
  });
});
