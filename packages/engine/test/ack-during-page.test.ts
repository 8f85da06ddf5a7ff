import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Actor } from '@oncall/core';
import { AlertRule, Endpoint, queryRows, User } from '@oncall/core/persistence';
import { createTestCore, type TestCore } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestEngine, runPagingToEnd, type TestEngine } from '../src/testing/index';
import { seeder } from './support/seed';

const WAIT = { timeout: 20_000, interval: 25 };

/**
 * A providerOne-style SMS vendor that holds each call until the test lets it answer: a page is "in
 * flight" (sent, not yet answered, not yet in the delivery log) for exactly as long as the test
 * wants, whatever the machine's load.
 */
async function startHeldVendor() {
  const calls: Array<{ message: string; answer: () => void }> = [];
  const failures: number[] = [];
  let held = true;
  const answer = (response: ServerResponse, message: string) => {
    const failure = failures.shift();
    if (failure !== undefined) {
      response.writeHead(failure, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ return: { status: failure, message: 'busy' }, entries: null }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        return: { status: 200, message: 'ok' },
        entries: [
          { messageid: calls.length, message, status: 1, receptor: '', sender: '', date: 0, cost: 0 },
        ],
      }),
    );
  };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const message = new URL(request.url ?? '/', 'http://x').searchParams.get('message') ?? '';
    let answered = false;
    // Each call is answered once: `release` reaches every call, answered ones included.
    const call = {
      message,
      answer: () => {
        if (answered) return;
        answered = true;
        answer(response, message);
      },
    };
    calls.push(call);
    // A failure asked for is answered at once; anything else waits while the vendor holds.
    if (!held || failures.length > 0) call.answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** Holds every later call again until the next `release`. */
    hold() {
      held = true;
    },
    /** Answers the next call with this error status, at once even while holding. */
    failNext(status: number) {
      failures.push(status);
    },
    /** Answers every call held so far, and every later one at once. */
    release() {
      held = false;
      for (const call of calls) call.answer();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Issue #31 item 4: "never page twice for the same reason". An acknowledgement that commits while
// the page of an instance it acknowledges is in flight (the vendor has the request, the delivery log
// does not yet have the attempt) must not make a second message of that page.
describe('an acknowledgement while a page is in flight', () => {
  let t: TestCore;
  let testEngine: TestEngine;
  let vendor: Awaited<ReturnType<typeof startHeldVendor>>;
  let admin: Actor;

  beforeAll(async () => {
    t = await createTestCore();
    vendor = await startHeldVendor();
    testEngine = await createTestEngine(t);
    const seed = seeder(t.database.db.orm, t.core.secretBox);
    await seed.providerConfig(
      'sms',
      'default',
      'providerOne',
      { senderNumber: '1000', baseUrl: vendor.url },
      { apiToken: 'token' },
    );
    const adminUser = await t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true });
    admin = { userId: adminUser.id, role: 'owner', sessionId: 'test', isSystemAdmin: true };
  });
  afterAll(async () => {
    await testEngine.dispose();
    await vendor.close();
    await t.dispose();
  });

  const core = () => {
    if (!testEngine.core) throw new Error('a TestCore gives the test engine a core');
    return testEngine.core;
  };

  async function seedRule(name: string, value: string) {
    const seed = seeder(t.database.db.orm, t.core.secretBox);
    const phone = await seed.endpoint(admin.userId, 'sms', { value });
    const em = t.core.orm.em.fork();
    const token = `ak_${randomBytes(32).toString('base64url')}`;
    const rule = em.create(AlertRule, {
      name,
      type: 'api',
      owner: admin.userId,
      settings: {},
      groupIntervalSeconds: 0,
      groupBy: [],
      repeatIntervalSeconds: 0,
      tokenHash: t.core.secretBox.lookupHash(token),
      sealedToken: t.core.secretBox.encrypt(token),
    });
    rule.endpoints.add(em.getReference(Endpoint, phone));
    await em.flush();
    return { ruleId: rule.id, phone, token };
  }

  const attemptsTo = async (endpointId: string) =>
    (
      await queryRows<{ outcome: string }>(
        t.core.orm.em.fork(),
        'select outcome from delivery_attempts where endpoint_id = ? order by created_at',
        [endpointId],
      )
    ).map((a) => a.outcome);

  it('sends the page once and the acknowledgement once', async () => {
    const { ruleId, phone, token } = await seedRule('Acknowledged in flight', '09120000001');

    await core().ingestion.fire(token, { alertname: 'disk_full', instance: 'web-1' });
    // The page is at the vendor, unanswered: in flight.
    await vi.waitFor(() => expect(vendor.calls).toHaveLength(1), WAIT);
    expect((await core().ruleActions.acknowledge(admin, ruleId)).status).toBe(true);
    // The acknowledgement's own message reaches the vendor too (held like the page).
    await vi.waitFor(() => expect(vendor.calls.length).toBeGreaterThanOrEqual(2), WAIT);

    vendor.release();
    await runPagingToEnd(t.core.orm);
    const messages = vendor.calls.map((call) => call.message);
    expect(messages.filter((m) => m.includes('web-1'))).toHaveLength(1);
    expect(messages.filter((m) => m.startsWith('ACKNOWLEDGED'))).toHaveLength(1);
    expect(messages).toHaveLength(2);
    expect(await attemptsTo(phone)).toEqual(['delivered', 'delivered']);
  });

  it('sends a page waiting out its retry once, and the acknowledgement once', async () => {
    const { ruleId, phone, token } = await seedRule('Acknowledged in backoff', '09120000002');
    const before = vendor.calls.length;
    // The page's first attempt fails for now: the delivery waits out its backoff, still in progress,
    // and its retry is held at the vendor, so the acknowledgement lands while the page is unfinished
    // however fast the backoff ends on this machine.
    vendor.hold();
    vendor.failNext(503);
    await core().ingestion.fire(token, { alertname: 'disk_full', instance: 'web-2' });
    await vi.waitFor(async () => expect(await attemptsTo(phone)).toEqual(['transient']), WAIT);
    expect((await core().ruleActions.acknowledge(admin, ruleId)).status).toBe(true);

    vendor.release();
    await runPagingToEnd(t.core.orm);
    const messages = vendor.calls.slice(before).map((call) => call.message);
    // The failed attempt, its retry, and the acknowledgement: the page reached the pager once.
    expect(messages.filter((m) => m.includes('web-2'))).toHaveLength(2);
    expect(messages.filter((m) => m.startsWith('ACKNOWLEDGED'))).toHaveLength(1);
    expect((await attemptsTo(phone)).sort()).toEqual(['delivered', 'delivered', 'transient']);
  });
});
