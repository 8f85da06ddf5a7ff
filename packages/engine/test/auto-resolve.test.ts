import { randomBytes } from 'node:crypto';
import type { AlertState, Core } from '@oncall/core';
import { AlertEvent, AlertRule, Endpoint, queryRows, sealJson, User } from '@oncall/core/persistence';
import { apiFingerprint } from '@oncall/core/testing';
import { type FakeWebhookReceiver, startFakeWebhookReceiver } from '@oncall/fakes';
import { createTestCore, type TestCore } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestEngine, fixedAlertMessages, type TestEngine } from '../src/testing/index';

const WAIT = { timeout: 20_000, interval: 25 };
const SECOND = 1_000;

describe('auto-resolve timers on the embedded engine', () => {
  let t: TestCore;
  let receiver: FakeWebhookReceiver;
  let testEngine: TestEngine;
  let core: Core;

  const startEngine = async () => {
    testEngine = await createTestEngine(t, { alertMessages: fixedAlertMessages() });
    if (!testEngine.core) throw new Error('createTestEngine(testCore) builds a core');
    core = testEngine.core;
  };

  beforeAll(async () => {
    t = await createTestCore();
    receiver = await startFakeWebhookReceiver();
    await startEngine();
  });
  afterAll(async () => {
    await testEngine.dispose();
    await receiver.close();
    await t.dispose();
  });

  /** An `api` rule with one Teams endpoint pointing at the fake receiver. */
  const seedRule = async (settings: Record<string, unknown>) => {
    const em = t.core.orm.em.fork();
    const admin = await em.findOneOrFail(User, { isSystemAdmin: true });
    const token = `ak_${randomBytes(32).toString('base64url')}`;
    const rule = em.create(AlertRule, {
      name: `rule-${randomBytes(4).toString('hex')}`,
      type: 'api',
      owner: admin,
      settings,
      tokenHash: t.core.secretBox.lookupHash(token),
      sealedToken: t.core.secretBox.encrypt(token),
    });
    rule.endpoints.set([
      em.create(Endpoint, {
        name: `teams-${rule.name}`,
        type: 'teams',
        sealedDestination: sealJson(t.core.secretBox, { value: `${receiver.url}/hook` }),
        owner: admin,
      }),
    ]);
    await em.flush();
    return { ruleId: rule.id, token };
  };
  const autoResolving = (minutes = 1) => seedRule({ enableAutoResolve: true, autoResolveMinutes: minutes });

  const fire = (token: string) => core.ingestion.fire(token, { alertname: 'cpu', instance: 'db-1' });
  const instanceState = async (ruleId: string): Promise<AlertState | undefined> => {
    const [row] = await queryRows<{ state: AlertState }>(
      t.core.orm.em.fork(),
      'select state from alert_instances where rule_id = ?',
      [ruleId],
    );
    return row?.state;
  };
  const history = (ruleId: string) =>
    t.core.orm.em.fork().find(AlertEvent, { rule: ruleId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const queuedTimers = async (ruleId: string): Promise<number> => {
    const [row] = await queryRows<{ queued: number }>(
      t.core.orm.em.fork(),
      `select count(*)::int as queued from pgboss.job
        where name = 'oncall-autoresolve' and state = 'created' and data->>'ruleId' = ?`,
      [ruleId],
    );
    return row?.queued ?? 0;
  };
  const deliveredFor = (alertEventId: string) => receiver.requests.some((r) => r.body.includes(alertEventId));

  it('resolves an instance not fired again within autoResolveMinutes, and tells the endpoints', async () => {
    const { ruleId, token } = await autoResolving(1);
    await expect(fire(token)).resolves.toEqual({ status: true, message: 'Activated' });
    expect(await queuedTimers(ruleId)).toBe(1);

    t.clock.advance(61 * SECOND);
    await testEngine.runAutoResolveTimersNow();

    expect(await instanceState(ruleId)).toBe('resolved');
    const events = await history(ruleId);
    expect(events.map((e) => e.kind)).toEqual(['fired', 'auto_resolved']);
    const resolved = events[1];
    expect(resolved).toMatchObject({
      state: 'resolved',
      ruleState: 'resolved',
      description: 'Alert resolved automatically',
      instance: 'db-1',
    });
    expect((await t.core.orm.em.fork().findOneOrFail(AlertRule, { id: ruleId })).state).toBe('resolved');
    await vi.waitFor(() => expect(deliveredFor(resolved?.id ?? '-')).toBe(true), WAIT);
    expect(await queuedTimers(ruleId)).toBe(0);
  });

  it('counts the deadline from the last fire: a repeated fire moves it without queuing a job', async () => {
    const { ruleId, token } = await autoResolving(1);
    await fire(token); // T
    t.clock.advance(40 * SECOND);
    await expect(fire(token)).resolves.toEqual({ status: true, message: 'Already Active' }); // T+40
    expect(await queuedTimers(ruleId)).toBe(1);

    t.clock.advance(30 * SECOND); // T+70: the first deadline passed, the moved one (T+100) did not
    await testEngine.runAutoResolveTimersNow();
    expect(await instanceState(ruleId)).toBe('critical');
    expect(await queuedTimers(ruleId)).toBe(1); // the rest of the wait

    t.clock.advance(40 * SECOND); // T+110
    await testEngine.runAutoResolveTimersNow();
    expect(await instanceState(ruleId)).toBe('resolved');
    expect((await history(ruleId)).map((e) => e.kind)).toEqual(['fired', 'auto_resolved']);
  });

  it('waits out the rest when its job runs before the deadline (database and application clocks differ)', async () => {
    const { ruleId, token } = await autoResolving(1);
    await fire(token); // T
    t.clock.advance(30 * SECOND);
    await testEngine.runAutoResolveTimersNow();
    expect(await instanceState(ruleId)).toBe('critical');
    expect(await queuedTimers(ruleId)).toBe(1); // the same deadline, a job of its own

    t.clock.advance(31 * SECOND);
    await testEngine.runAutoResolveTimersNow();
    expect(await instanceState(ruleId)).toBe('resolved');
  });

  it('leaves an instance resolved before its deadline alone, and times the next episode afresh', async () => {
    const { ruleId, token } = await autoResolving(1);
    await fire(token); // T, episode 1
    t.clock.advance(10 * SECOND);
    await expect(core.ingestion.resolve(token, { alertname: 'cpu', instance: 'db-1' })).resolves.toEqual({
      status: true,
      message: 'Stopped',
    });
    t.clock.advance(20 * SECOND);
    await fire(token); // T+30, episode 2: deadline T+90

    t.clock.advance(40 * SECOND); // T+70: episode 1's deadline passed, episode 2's did not
    await testEngine.runAutoResolveTimersNow();
    expect(await instanceState(ruleId)).toBe('critical');
    expect((await history(ruleId)).map((e) => e.kind)).toEqual(['fired', 'resolved', 'fired']);

    t.clock.advance(30 * SECOND); // T+100
    await testEngine.runAutoResolveTimersNow();
    expect((await history(ruleId)).map((e) => e.kind)).toEqual([
      'fired',
      'resolved',
      'fired',
      'auto_resolved',
    ]);
  });

  it('does nothing once the rule turns auto-resolve off', async () => {
    const { ruleId, token } = await autoResolving(1);
    await fire(token);
    const em = t.core.orm.em.fork();
    const rule = await em.findOneOrFail(AlertRule, { id: ruleId });
    rule.settings = { enableAutoResolve: false, autoResolveMinutes: 1 };
    await em.flush();

    t.clock.advance(61 * SECOND);
    await testEngine.runAutoResolveTimersNow();
    expect(await instanceState(ruleId)).toBe('critical');
    expect(await queuedTimers(ruleId)).toBe(0);
  });

  it('resolves only an instance not fired after the timer counted from, and only once', async () => {
    const { ruleId, token } = await autoResolving(1);
    await fire(token);
    const [row] = await queryRows<{ last_seen_at: Date | string }>(
      t.core.orm.em.fork(),
      'select last_seen_at from alert_instances where rule_id = ?',
      [ruleId],
    );
    const lastSeen = new Date(row?.last_seen_at ?? 0).getTime();
    const request = {
      ruleId,
      instance: apiFingerprint('cpu', 'db-1'),
      description: 'Alert resolved automatically',
    };

    await core.autoResolver.resolve({ ...request, lastFiredAt: lastSeen - 1 }); // a timer that missed a fire
    expect(await instanceState(ruleId)).toBe('critical');
    await core.autoResolver.resolve({ ...request, lastFiredAt: lastSeen });
    await core.autoResolver.resolve({ ...request, lastFiredAt: lastSeen }); // a retried activity
    expect(await instanceState(ruleId)).toBe('resolved');
    expect((await history(ruleId)).map((e) => e.kind)).toEqual(['fired', 'auto_resolved']);
  });

  it('times the instances already firing when a rule turns auto-resolve on', async () => {
    const { ruleId, token } = await seedRule({ enableAutoResolve: false });
    await fire(token);
    expect(await queuedTimers(ruleId)).toBe(0);
    const admin = await t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true });
    const actor = { userId: admin.id, role: admin.role, sessionId: 'test-session', isSystemAdmin: true };
    await core.alertRules.update(actor, ruleId, { enableAutoResolve: true, autoResolveMinutes: 1 });
    expect(await queuedTimers(ruleId)).toBe(1);

    t.clock.advance(61 * SECOND);
    await testEngine.runAutoResolveTimersNow();
    await vi.waitFor(async () => expect(await instanceState(ruleId)).toBe('resolved'), WAIT);
    expect((await history(ruleId)).map((e) => e.kind)).toEqual(['fired', 'auto_resolved']);
  });

  it('arms no timer for a rule without auto-resolve', async () => {
    const { ruleId, token } = await seedRule({ enableAutoResolve: false });
    await fire(token);
    await fire(token);
    expect(await queuedTimers(ruleId)).toBe(0);
  });

  it('keeps the timer across an engine restart', async () => {
    const { ruleId, token } = await autoResolving(2);
    await fire(token);
    await testEngine.dispose();
    await startEngine();

    t.clock.advance(2 * 60 * SECOND + SECOND);
    await testEngine.runAutoResolveTimersNow();
    expect(await instanceState(ruleId)).toBe('resolved');
    expect((await history(ruleId)).map((e) => e.kind)).toEqual(['fired', 'auto_resolved']);
  });
});
