import { AckLinkSigner } from '@oncall/core';
import { AlertEvent, AlertInstance, User } from '@oncall/core/persistence';
import { runPagingToEnd } from '@oncall/engine/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { seedSmsThenTelegramFlowRule } from './support/seed-flow-rule';

const WAIT = { timeout: 30_000, interval: 50 };
const TTL_SECONDS = 3600;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * The acknowledge link in a page, from an HTTP fire to the fake vendors and back: link previewers
 * (GET, HEAD) change nothing, the page's one button (a POST) acknowledges as the paged endpoint's
 * owner, and the link is bound to its rule, episode and endpoint and dies with the episode or its
 * lifetime. Every link used here is the one a fake vendor received.
 */
describe('end to end: the acknowledge link survives link previewers', () => {
  let h: DeliveringTestApp;
  let adminId: string;
  let oncallId: string;

  beforeAll(async () => {
    h = await createDeliveringTestApp({ ackLinkTtlSeconds: TTL_SECONDS });
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    oncallId = await h.t.createUser('oncall-olga', 'member');
  });
  afterAll(() => h.dispose());

  /** A rule whose only endpoint is a flow: Olga's SMS, wait ten minutes, Olga's Telegram. */
  const ruleWithFlow = (name: string) =>
    seedSmsThenTelegramFlowRule(h, name, { endpointOwnerId: oncallId, flowOwnerId: adminId });
  type Rule = Awaited<ReturnType<typeof ruleWithFlow>>;

  const fire = (rule: Rule) =>
    h.call('POST', '/api/v1/fire-alert', {
      token: rule.token,
      body: { alertname: 'latency', instance: 'api-1', description: 'p99 above 2 s' },
    });
  const resolve = (rule: Rule) =>
    h.call('POST', '/api/v1/resolve-alert', {
      token: rule.token,
      body: { alertname: 'latency', instance: 'api-1' },
    });

  /** Fires and answers the acknowledge link in the `nth` SMS page (1-based), as a path on the app. */
  const fireAndTakeLink = async (rule: Rule, nth = 1): Promise<string> => {
    expect((await fire(rule)).json()).toEqual({ status: true, message: 'Activated' });
    await vi.waitFor(() => expect(rule.headlines('sms', 'CRITICAL')).toHaveLength(nth), WAIT);
    const url = new URL(rule.headlines('sms', 'CRITICAL')[nth - 1]?.acknowledgeUrl ?? 'http://missing/');
    return `${url.pathname}${url.search}`;
  };
  const tokenOf = (link: string) =>
    new URL(link, 'http://oncall.test').searchParams.get('token') ?? link.slice('/ack/'.length);
  const post = (path: string, options: { token?: string; headers?: Record<string, string> } = {}) =>
    h.call('POST', path, {
      body: options.token === undefined ? '' : `token=${encodeURIComponent(options.token)}`,
      headers: { ...FORM, ...options.headers },
    });
  const ackEvents = (ruleId: string) =>
    h.t.core.orm.em.fork().find(AlertEvent, { rule: ruleId, kind: 'acknowledged' });
  const instanceOf = (ruleId: string) =>
    h.t.core.orm.em.fork().findOneOrFail(AlertInstance, { rule: ruleId, instance: 'api-1' });
  const expectNothingAcknowledged = async (ruleId: string) => {
    expect(await ackEvents(ruleId)).toEqual([]);
    expect((await instanceOf(ruleId)).acknowledgedAt).toBeNull();
  };
  const expectPage = (response: LightMyRequestResponse, status: number) => {
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  };

  it('GET and HEAD of the link show what would be acknowledged and change nothing', async () => {
    const rule = await ruleWithFlow('Checkout latency');
    const link = await fireAndTakeLink(rule);

    // What mail scanners and chat previewers do with every link.
    const page = await h.call('GET', link);
    const head = await h.call('HEAD', link);
    const asJson = await h.call('GET', link, { headers: { accept: 'application/json' } });
    await expectNothingAcknowledged(rule.ruleId);
    // The escalation still runs: the flow's next step pages after the wait.
    await runPagingToEnd(h.t.core.orm);
    expect(rule.headlines('telegram', 'CRITICAL')).toHaveLength(1);
    await expectNothingAcknowledged(rule.ruleId);

    expect(link).toMatch(/^\/ack\/[A-Za-z0-9_-]+$/);
    expectPage(page, 200);
    expect(page.body).toContain(rule.name);
    expect(page.body).toContain('api-1');
    expect(page.body).toContain('critical');
    expect(page.body).toContain(`sms ${rule.sms.destination.slice(-7)}`);
    // One form, one button, posting back to the link itself; no script, no external asset.
    expect(page.body.match(/<form /g)).toHaveLength(1);
    expect(page.body.match(/<button/g)).toHaveLength(1);
    expect(page.body).toMatch(/<form method="post"[^>]*>/);
    expect(page.body).toContain(`name="token" value="${tokenOf(link)}"`);
    expect(page.body).not.toMatch(/<script|<link |src=|https?:\/\//);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(asJson.statusCode).toBe(200);
  });

  it("the page's POST acknowledges as the endpoint's owner via the endpoint, and stops the escalation", async () => {
    const rule = await ruleWithFlow('Payment errors');
    const link = await fireAndTakeLink(rule);

    const done = await post(link, { token: tokenOf(link) });
    expectPage(done, 200);
    expect(done.body).toContain('Acknowledged');
    expect(done.body).toContain(rule.name);

    const [acknowledged, ...more] = await ackEvents(rule.ruleId);
    expect(more).toEqual([]);
    expect(acknowledged).toMatchObject({
      actorId: oncallId,
      viaEndpointId: rule.sms.id,
      ruleState: 'critical',
    });
    expect(acknowledged?.description).toContain(`via sms ${rule.sms.destination.slice(-7)}`);
    expect((await instanceOf(rule.ruleId)).acknowledgedAt).not.toBeNull();

    // History shows who was paged through which endpoint.
    const admin = await h.adminToken();
    const history = await h.call('GET', `/api/v1/alert-rule/history/${rule.ruleId}`, { token: admin });
    expect(history.json().data[0]).toMatchObject({
      statusLabel: 'Acknowledged',
      actorId: oncallId,
      viaEndpointId: rule.sms.id,
    });

    // The paged person hears of it at once, in words naming the endpoint.
    await vi.waitFor(() => expect(rule.headlines('sms', 'ACKNOWLEDGED')).toHaveLength(1), WAIT);
    expect(rule.headlines('sms', 'ACKNOWLEDGED')[0]?.text).toContain(
      `oncall-olga acknowledged ${rule.name} via sms ${rule.sms.destination.slice(-7)}.`,
    );
    await runPagingToEnd(h.t.core.orm);
    expect(rule.headlines('telegram')).toEqual([]);

    // Again, asking for JSON: the contract's "already" answer; the page says so too.
    const again = await post(link, { token: tokenOf(link), headers: { accept: 'application/json' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: false, message: 'Alert rule already acknowledged.' });
    const shown = await h.call('GET', link);
    expectPage(shown, 200);
    expect(shown.body).toContain('already acknowledged');
    expect(await ackEvents(rule.ruleId)).toHaveLength(1);
  });

  it('answers JSON to a client that posts JSON', async () => {
    const rule = await ruleWithFlow('Queue depth');
    const link = await fireAndTakeLink(rule);
    const done = await h.call('POST', link, {
      body: { token: tokenOf(link) },
      headers: { accept: 'application/json' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: true, message: 'Alert rule acknowledged.' });
    expect(await ackEvents(rule.ruleId)).toHaveLength(1);
  });

  it('the link of one episode does not acknowledge the next one', async () => {
    const rule = await ruleWithFlow('Replication lag');
    const first = await fireAndTakeLink(rule);
    expect((await resolve(rule)).json()).toEqual({ status: true, message: 'Stopped' });
    const resolved = await h.call('GET', first);

    const second = await fireAndTakeLink(rule, 2);
    const stale = await h.call('GET', first);
    const posted = await post(first, { token: tokenOf(first) });
    const legacy = await h.call(
      'GET',
      `/api/v1/alert-rule/acknowledgeL/${rule.ruleId}?token=${tokenOf(first)}`,
    );
    await expectNothingAcknowledged(rule.ruleId);
    expectPage(resolved, 410);
    expectPage(stale, 410);
    expect(stale.body).not.toContain('<form');
    expectPage(posted, 410);
    expect(legacy.statusCode).toBe(401);
    expect(second).not.toBe(first);

    // The second episode's own link still works.
    expectPage(await post(second, { token: tokenOf(second) }), 200);
    expect(await ackEvents(rule.ruleId)).toHaveLength(1);
  });

  it('the legacy GET acknowledgeL route takes the message token, bound to its rule and episode', async () => {
    const rule = await ruleWithFlow('Search timeouts');
    const token = tokenOf(await fireAndTakeLink(rule));
    const other = await ruleWithFlow('Other rule');
    await fireAndTakeLink(other);

    const wrongRule = await h.call('GET', `/api/v1/alert-rule/acknowledgeL/${other.ruleId}?token=${token}`);
    expect(wrongRule.statusCode).toBe(401);
    await expectNothingAcknowledged(other.ruleId);
    expect((await h.call('GET', `/api/v1/alert-rule/acknowledgeL/${rule.ruleId}`)).statusCode).toBe(401);

    const url = `/api/v1/alert-rule/acknowledgeL/${rule.ruleId}?token=${token}`;
    const ack = await h.call('GET', url);
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toEqual({ status: true, message: 'Alert rule acknowledged.' });
    expect((await ackEvents(rule.ruleId))[0]).toMatchObject({
      actorId: oncallId,
      viaEndpointId: rule.sms.id,
    });
    const again = await h.call('GET', url);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: false, message: 'Alert rule already acknowledged.' });
  });

  it('HEAD of the legacy acknowledgeL route acknowledges nothing; its GET still does', async () => {
    const rule = await ruleWithFlow('Queue backlog');
    const url = `/api/v1/alert-rule/acknowledgeL/${rule.ruleId}?token=${tokenOf(await fireAndTakeLink(rule))}`;

    // Link previewers send HEAD; Fastify would answer it by running the GET handler.
    const head = await h.call('HEAD', url);
    expect(head.statusCode).toBe(404);
    await expectNothingAcknowledged(rule.ruleId);

    const ack = await h.call('GET', url);
    expect(ack.json()).toEqual({ status: true, message: 'Alert rule acknowledged.' });
    expect(await ackEvents(rule.ruleId)).toHaveLength(1);
  });

  it('refuses a cross-site post and a post without the token in its body', async () => {
    const rule = await ruleWithFlow('Cache misses');
    const link = await fireAndTakeLink(rule);
    const token = tokenOf(link);

    expectPage(await post(link, { token, headers: { origin: 'https://evil.example' } }), 403);
    expectPage(await post(link, { token, headers: { 'sec-fetch-site': 'cross-site' } }), 403);
    expectPage(await post(link), 422);
    expectPage(await post(link, { token: `${token}x` }), 422);
    await expectNothingAcknowledged(rule.ruleId);

    // The page's own post: same origin, or `Origin: null` (what a no-referrer page sends).
    const own = await post(link, { token, headers: { origin: 'null', 'sec-fetch-site': 'same-origin' } });
    expectPage(own, 200);
    expect(await ackEvents(rule.ruleId)).toHaveLength(1);
  });

  it('answers a forged or malformed link with a 404 page, never a 500', async () => {
    const rule = await ruleWithFlow('Forgery');
    const link = await fireAndTakeLink(rule);
    const token = tokenOf(link);
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    const claims = h.t.core.ackLinks.verify(token);
    if (!claims.valid) throw new Error('the delivered link does not verify');
    const otherKey = new AckLinkSigner('another-secret-of-at-least-32-characters', h.t.clock).sign(
      claims.claims,
    );

    for (const forged of [
      flip(token, 10),
      flip(token, token.length - 2),
      otherKey,
      'not-a-token',
      'A'.repeat(4000),
      '%00',
      '..%2f..%2fetc',
    ]) {
      expectPage(await h.call('GET', `/ack/${forged}`), 404);
      expectPage(await post(`/ack/${forged}`, { token: forged }), 404);
      const legacy = await h.call('GET', `/api/v1/alert-rule/acknowledgeL/${rule.ruleId}?token=${forged}`);
      // Bad input before that: an overlong token, a NUL character.
      expect(legacy.statusCode, forged.slice(0, 20)).toBe(
        forged.length > 2048 || forged === '%00' ? 422 : 401,
      );
    }
    await expectNothingAcknowledged(rule.ruleId);
  });

  it('acknowledges once however many presses arrive together', async () => {
    const rule = await ruleWithFlow('Double tap');
    const link = await fireAndTakeLink(rule);
    const presses = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(link, { token: tokenOf(link), headers: { accept: 'application/json' } }),
      ),
    );
    expect(presses.map((press) => press.json().status).sort()).toEqual([false, false, false, false, true]);
    expect(await ackEvents(rule.ruleId)).toHaveLength(1);
  });

  // Last: it moves the shared clock past every link signed so far.
  it('refuses a link after its lifetime', async () => {
    const rule = await ruleWithFlow('Expiry');
    const link = await fireAndTakeLink(rule);
    h.t.clock.advance((TTL_SECONDS + 1) * 1000);

    const page = await h.call('GET', link);
    const posted = await post(link, { token: tokenOf(link) });
    const legacy = await h.call(
      'GET',
      `/api/v1/alert-rule/acknowledgeL/${rule.ruleId}?token=${tokenOf(link)}`,
    );
    await expectNothingAcknowledged(rule.ruleId);
    expectPage(page, 410);
    expectPage(posted, 410);
    expect(legacy.statusCode).toBe(401);
  });
});
