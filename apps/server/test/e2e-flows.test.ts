import { AlertEvent, DeliveryAttempt, User } from '@oncall/core/persistence';
import { runPagingToEnd, waitingFlowSteps } from '@oncall/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { seedSmsThenTelegramFlowRule } from './support/seed-flow-rule';

const WAIT = { timeout: 30_000, interval: 50 };

/**
 * Flow endpoints from an HTTP fire to the fakes: the first step pages at once, the wait step is a
 * delayed job (ten minutes, made due by `runPagingToEnd` instead of waited out), and acknowledge or
 * resolve in between keeps the second step from paging. The acknowledge or resolve notice runs no
 * flow: it reaches the steps already paged at once, and the second step never hears of the alert.
 */
describe('end to end: flow escalation', () => {
  let h: DeliveringTestApp;
  let adminId: string;

  beforeAll(async () => {
    h = await createDeliveringTestApp();
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
  });
  afterAll(() => h.dispose());

  /** A rule whose only endpoint is a flow: SMS, wait ten minutes, Telegram. */
  const ruleWithFlow = (name: string) =>
    seedSmsThenTelegramFlowRule(h, name, { endpointOwnerId: adminId, flowOwnerId: adminId });
  const fire = (token: string) =>
    h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'latency', instance: 'api-1' } });
  const firedEventId = async (ruleId: string) =>
    (await h.t.core.orm.em.fork().findOneOrFail(AlertEvent, { rule: ruleId, kind: 'fired' })).id;
  const deliveredPages = (alertEventId: string) =>
    h.t.core.orm.em.fork().count(DeliveryAttempt, { alertEventId, outcome: 'delivered' });
  /**
   * Fires, waits for the first step's SMS (and its delivery recorded: a notice goes to the steps the
   * log shows paged) and for the flow to be waiting out its wait step.
   */
  const fireAndWaitForFirstStep = async (rule: Awaited<ReturnType<typeof ruleWithFlow>>) => {
    expect((await fire(rule.token)).json()).toEqual({ status: true, message: 'Activated' });
    await vi.waitFor(() => expect(rule.headlines('sms', 'CRITICAL')).toHaveLength(1), WAIT);
    const eventId = await firedEventId(rule.ruleId);
    await vi.waitFor(async () => expect(await deliveredPages(eventId)).toBe(1), WAIT);
    await vi.waitFor(async () => expect(await waitingFlowSteps(h.t.core.orm, eventId)).toBe(1), WAIT);
    expect(rule.headlines('telegram')).toEqual([]);
  };

  it('escalates to the next step when nobody acknowledges', async () => {
    const rule = await ruleWithFlow('Checkout latency');
    await fireAndWaitForFirstStep(rule);

    await runPagingToEnd(h.t.core.orm);
    expect(rule.headlines('sms', 'CRITICAL')).toHaveLength(1);
    const [escalated, ...more] = rule.headlines('telegram', 'CRITICAL');
    expect(more).toEqual([]);
    expect(escalated?.text).toContain(`${rule.name} — api-1`);
    expect(escalated?.acknowledgeUrl).toMatch(/^http:\/\/oncall\.test\/ack\/[\w-]+$/);
  });

  it('stops before the next step once acknowledged with the button of the page the link opens', async () => {
    const rule = await ruleWithFlow('Payment errors');
    await fireAndWaitForFirstStep(rule);

    const [page] = rule.headlines('sms', 'CRITICAL');
    const link = new URL(page?.acknowledgeUrl ?? 'http://missing/');
    const press = () =>
      h.call('POST', link.pathname, {
        body: { token: link.pathname.slice('/ack/'.length) },
        headers: { accept: 'application/json' },
      });
    const ack = await press();
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toEqual({ status: true, message: 'Alert rule acknowledged.' });

    // The notice goes to the SMS person at once, not after the wait.
    await vi.waitFor(() => expect(rule.headlines('sms', 'ACKNOWLEDGED')).toHaveLength(1), WAIT);

    // The wait step's timer runs now, finds the episode acknowledged and ends the flow; the second
    // step never hears of the alert, neither the page nor the notice.
    await runPagingToEnd(h.t.core.orm);
    expect(rule.headlines('telegram')).toEqual([]);
    expect(rule.headlines('sms', 'CRITICAL')).toHaveLength(1);
    expect(rule.headlines('sms', 'ACKNOWLEDGED')).toHaveLength(1);

    const again = await press();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: false, message: 'Alert rule already acknowledged.' });
  });

  it('stops before the next step once resolved', async () => {
    const rule = await ruleWithFlow('Search timeouts');
    await fireAndWaitForFirstStep(rule);

    const resolved = await h.call('POST', '/api/v1/resolve-alert', {
      token: rule.token,
      body: { alertname: 'latency', instance: 'api-1' },
    });
    expect(resolved.json()).toEqual({ status: true, message: 'Stopped' });
    await vi.waitFor(() => expect(rule.headlines('sms', 'RESOLVED')).toHaveLength(1), WAIT);

    await runPagingToEnd(h.t.core.orm);
    expect(rule.headlines('telegram')).toEqual([]);
    expect(rule.headlines('sms', 'CRITICAL')).toHaveLength(1);
    expect(rule.headlines('sms', 'RESOLVED')).toHaveLength(1);
  });
});
