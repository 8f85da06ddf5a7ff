import type { EndpointType } from '@oncall/core';
import { Endpoint, queryRows, User } from '@oncall/core/persistence';
import { runPagingToEnd } from '@oncall/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { seedApiRule } from './support/seed-delivery';

const WAIT = { timeout: 30_000, interval: 50 };

/**
 * A provider config that keeps failing raises an alert of its own, whatever rule its pages were
 * for: the embedded engine delivers to the fake SMS provider, which refuses two pages of a
 * member's rule; the provider-health pass then opens one alert on the service's own rule, paged to
 * the admins' endpoints and shown on their Now page, and resolves it once the config delivers again.
 * Both databases (`TEST_DB`), the same engine path as every alert.
 */
describe('a provider config that keeps failing', () => {
  let h: DeliveringTestApp;

  const endpoint = async (ownerId: string, type: EndpointType, value: string) => {
    const em = h.t.core.orm.em.fork();
    const created = em.create(Endpoint, {
      name: `${type} ${value}`,
      type,
      destination: { value },
      owner: em.getReference(User, ownerId),
    });
    await em.flush();
    return created.id;
  };
  const fire = (token: string, instance: string) =>
    h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'disk_full', instance } });
  const trpc = async (path: string, input: unknown, token: string) =>
    (
      await h.call('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { token })
    ).json().result.data;
  const smsAttempts = async (outcome: 'delivered' | 'permanent') =>
    (
      await queryRows<{ n: string | number }>(
        h.t.core.orm.em.fork(),
        `select count(*) as n from delivery_attempts a join provider_configs c on c.id::text = a.provider_config_id
          where c.kind = 'sms' and a.outcome = ?`,
        [outcome],
      )
    ).map((row) => Number(row.n))[0];
  const providerAlerts = () =>
    queryRows<{ state: string; rule_id: string; instance: string }>(
      h.t.core.orm.em.fork(),
      `select i.state, i.rule_id::text as rule_id, i.instance from alert_instances i
        where i.fingerprint like 'provider_config:%'`,
    );

  beforeAll(async () => {
    h = await createDeliveringTestApp({ providerFailing: { attempts: 2, afterMs: 0 } });
  });
  afterAll(async () => {
    await h.dispose();
  });

  it("pages the admins once through the service's own rule and resolves when the config delivers again", async () => {
    const em = h.t.core.orm.em.fork();
    const admin = await em.findOneOrFail(User, { isSystemAdmin: true });
    await endpoint(admin.id, 'email', 'admin@example.com');
    const { id: member } = await h.userWithToken('sms-member', 'member');
    const sms = await endpoint(member, 'sms', '09125550101');
    const rule = await seedApiRule(h.t, { name: 'Disk', endpointIds: [sms], ownerId: member });
    const adminToken = await h.adminToken();

    // One refused page is below the threshold: nobody hears of the config yet.
    h.fakes.providerOne.failNext(401, { message: 'invalid api key' });
    expect((await fire(rule.token, 'db-1')).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await smsAttempts('permanent')).toBe(1), WAIT);
    expect(await h.core.providerHealth.runPass()).toBe(0);
    expect(await providerAlerts()).toEqual([]);

    // The second refused page, on another alert, crosses it: one alert, paged to the admin.
    h.fakes.providerOne.failNext(401, { message: 'invalid api key' });
    expect((await fire(rule.token, 'db-2')).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await smsAttempts('permanent')).toBe(2), WAIT);
    expect(await h.core.providerHealth.runPass()).toBe(1);
    const [alert] = await providerAlerts();
    expect(alert).toMatchObject({ state: 'critical', instance: 'sms: sms default' });
    expect(alert?.rule_id).not.toBe(rule.ruleId);
    await vi.waitFor(() => {
      const mails = h.fakes.delivered().filter((m) => m.destination === 'admin@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('invalid api key');
    }, WAIT);

    // A second pass pages nobody again.
    expect(await h.core.providerHealth.runPass()).toBe(0);

    // The admins' Now page shows it, as any alert of a rule they see.
    const now = await trpc('alerts.firing', {}, adminToken);
    const shown = (now.items as { rule: { id: string }; instance: string }[]).filter(
      (item) => item.rule.id === alert?.rule_id,
    );
    expect(shown.map((item) => item.instance)).toEqual(['sms: sms default']);

    // The config delivers again: the next pass resolves the alert, once.
    expect((await fire(rule.token, 'db-3')).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await smsAttempts('delivered')).toBe(1), WAIT);
    expect(await h.core.providerHealth.runPass()).toBe(1);
    expect((await providerAlerts()).map((a) => a.state)).toEqual(['resolved']);
    expect(await h.core.providerHealth.runPass()).toBe(0);
    await runPagingToEnd(h.t.core.orm);

    // The rule is the service's own: one rule however often configs fail.
    const rules = await queryRows<{ name: string }>(
      h.t.core.orm.em.fork(),
      `select name from alert_rules where 'service' = any(tags)`,
    );
    expect(rules.map((r) => r.name)).toEqual(['Delivery provider configs']);
  });
});
