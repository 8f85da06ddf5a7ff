import { randomBytes } from 'node:crypto';
import type { Core } from '@oncall/core';
import { AlertEvent, AlertRule, Endpoint, User } from '@oncall/core/persistence';
import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import { createTestCore, type TestCore } from '@oncall/testing';
import { notifyWorkflowId } from '@oncall/workflows';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestEngine, runPagingToEnd, type TestEngine } from '../src/testing/index';
import { attemptsOf } from './support/attempts';
import { seeder } from './support/seed';

const WAIT = { timeout: 20_000, interval: 25 };
const ALERT = { alertname: 'latency', instance: 'api-1' };

/**
 * Resolve and acknowledge notices sent to a flow endpoint, through a core that delivers for real:
 * they run no flow, and reach at once exactly the step endpoints the episode paged.
 */
describe('follow-ups sent to a flow endpoint on the embedded engine', () => {
  let t: TestCore;
  let testEngine: TestEngine;
  let core: Core;
  let provider: FakeProviderOne;
  let seed: ReturnType<typeof seeder>;
  let adminId: string;
  let numbers = 0;

  beforeAll(async () => {
    t = await createTestCore();
    provider = await startFakeProviderOne();
    testEngine = await createTestEngine(t);
    if (!testEngine.core) throw new Error('createTestEngine(testCore) builds a delivering core');
    core = testEngine.core;
    seed = seeder(t.database.db.orm, testEngine.box);
    adminId = (await t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    await seed.providerConfig(
      'sms',
      'default',
      'providerOne',
      { senderNumber: '1000', baseUrl: provider.url },
      { apiToken: 'token' },
    );
  });
  afterAll(async () => {
    await testEngine.dispose();
    await provider.close();
    await t.dispose();
  });

  const smsEndpoint = async (ownerId = adminId) => {
    numbers += 1;
    const value = `0912${String(numbers).padStart(7, '0')}`;
    return { id: await seed.endpoint(ownerId, 'sms', { value }), value };
  };

  /**
   * An `api` rule paging a flow [oncall, wait ten minutes, lead], and `oncall` directly when asked;
   * with `personStep`, `oncall` is the own endpoint of a user the first step pages as a person.
   */
  const ruleWithFlow = async (options: { alsoDirect?: boolean; personStep?: boolean } = {}) => {
    const personId = options.personStep ? await seed.user(`person-${randomBytes(4).toString('hex')}`) : null;
    const oncall = await smsEndpoint(personId ?? adminId);
    const lead = await smsEndpoint();
    const flowId = await seed.endpoint(adminId, 'flow', {
      steps: [
        personId ? { type: 'user', userId: personId } : { type: 'endpoint', endpointIds: [oncall.id] },
        { type: 'wait', duration: 10, timeUnit: 'm' },
        { type: 'endpoint', endpointIds: [lead.id] },
      ],
    });
    const em = t.core.orm.em.fork();
    const token = `ak_${randomBytes(32).toString('base64url')}`;
    const rule = em.create(AlertRule, {
      name: `rule-${randomBytes(4).toString('hex')}`,
      type: 'api',
      owner: adminId,
      settings: {},
      tokenHash: t.core.secretBox.lookupHash(token),
      sealedToken: t.core.secretBox.encrypt(token),
    });
    const attached = options.alsoDirect ? [flowId, oncall.id] : [flowId];
    rule.endpoints.set(attached.map((id) => em.getReference(Endpoint, id)));
    await em.flush();
    /** What one phone received about this rule, by headline (`CRITICAL`, `RESOLVED`, …). */
    const received = (phone: { value: string }, headline: string) =>
      provider.requests.filter(
        (r) =>
          r.query.receptor === phone.value &&
          r.query.message?.startsWith(`${headline}: ${rule.name}`) === true,
      );
    return { ruleId: rule.id, ruleName: rule.name, token, oncall, lead, received };
  };

  const firedEventId = async (ruleId: string) =>
    (await t.core.orm.em.fork().findOneOrFail(AlertEvent, { rule: ruleId, kind: 'fired' })).id;

  /** Fires, and waits until the first step's page is delivered and recorded. */
  const fireAndPageFirstStep = async (rule: Awaited<ReturnType<typeof ruleWithFlow>>) => {
    await expect(core.ingestion.fire(rule.token, ALERT)).resolves.toEqual({
      status: true,
      message: 'Activated',
    });
    const fired = await firedEventId(rule.ruleId);
    await vi.waitFor(async () => {
      const attempts = await attemptsOf(t.database.db.orm, notifyWorkflowId(fired, rule.oncall.id, 0));
      expect(attempts.map((a) => a.outcome)).toEqual(['delivered']);
    }, WAIT);
  };

  it('tells a resolve to the person a people step paged, on the endpoint it paged them on', async () => {
    const rule = await ruleWithFlow({ personStep: true });
    await fireAndPageFirstStep(rule);

    await expect(core.ingestion.resolve(rule.token, ALERT)).resolves.toEqual({
      status: true,
      message: 'Stopped',
    });
    await vi.waitFor(() => expect(rule.received(rule.oncall, 'RESOLVED')).toHaveLength(1), WAIT);
    await runPagingToEnd(t.core.orm);
    expect(provider.requests.filter((r) => r.query.receptor === rule.lead.value)).toEqual([]);
  });

  it('tells a resolve only to the step already paged, at once, and never to the later step', async () => {
    const rule = await ruleWithFlow();
    await fireAndPageFirstStep(rule);

    await expect(core.ingestion.resolve(rule.token, ALERT)).resolves.toEqual({
      status: true,
      message: 'Stopped',
    });
    // Before any wait is made due: the notice waits for none of the flow's steps.
    await vi.waitFor(() => expect(rule.received(rule.oncall, 'RESOLVED')).toHaveLength(1), WAIT);

    await runPagingToEnd(t.core.orm);
    expect(rule.received(rule.oncall, 'CRITICAL')).toHaveLength(1);
    expect(rule.received(rule.oncall, 'RESOLVED')).toHaveLength(1);
    expect(provider.requests.filter((r) => r.query.receptor === rule.lead.value)).toEqual([]);
  });

  it('tells an acknowledge only to the step already paged, and never to the later step', async () => {
    const rule = await ruleWithFlow();
    await fireAndPageFirstStep(rule);

    const link = t.core.ackLinks.sign({
      ruleId: rule.ruleId,
      episodeId: await firedEventId(rule.ruleId),
      endpointId: rule.oncall.id,
    });
    await expect(core.ackLinkActions.acknowledgeForRule(rule.ruleId, link)).resolves.toEqual({
      status: true,
      message: 'Alert rule acknowledged.',
    });
    await vi.waitFor(() => expect(rule.received(rule.oncall, 'ACKNOWLEDGED')).toHaveLength(1), WAIT);

    await runPagingToEnd(t.core.orm);
    expect(rule.received(rule.oncall, 'ACKNOWLEDGED')).toHaveLength(1);
    expect(provider.requests.filter((r) => r.query.receptor === rule.lead.value)).toEqual([]);
  });

  it('tells a resolve once to every step paged after the flow escalated', async () => {
    const rule = await ruleWithFlow();
    await fireAndPageFirstStep(rule);
    await runPagingToEnd(t.core.orm);
    expect(rule.received(rule.lead, 'CRITICAL')).toHaveLength(1);

    await core.ingestion.resolve(rule.token, ALERT);
    await runPagingToEnd(t.core.orm);
    expect(rule.received(rule.oncall, 'RESOLVED')).toHaveLength(1);
    expect(rule.received(rule.lead, 'RESOLVED')).toHaveLength(1);
  });

  it('tells a resolve once to an endpoint attached both directly and through the flow', async () => {
    const rule = await ruleWithFlow({ alsoDirect: true });
    await fireAndPageFirstStep(rule);

    await core.ingestion.resolve(rule.token, ALERT);
    await runPagingToEnd(t.core.orm);
    // Paged twice (directly, and by the flow's first step), told once.
    expect(rule.received(rule.oncall, 'CRITICAL')).toHaveLength(2);
    expect(rule.received(rule.oncall, 'RESOLVED')).toHaveLength(1);
    expect(provider.requests.filter((r) => r.query.receptor === rule.lead.value)).toEqual([]);
  });

  it('still runs the flow for a page of a new episode after a resolve', async () => {
    const rule = await ruleWithFlow();
    await fireAndPageFirstStep(rule);
    await core.ingestion.resolve(rule.token, ALERT);
    await runPagingToEnd(t.core.orm);

    await expect(core.ingestion.fire(rule.token, ALERT)).resolves.toEqual({
      status: true,
      message: 'Activated',
    });
    await runPagingToEnd(t.core.orm);
    expect(rule.received(rule.oncall, 'CRITICAL')).toHaveLength(2);
    expect(rule.received(rule.lead, 'CRITICAL')).toHaveLength(1);
    // The first episode's resolve went to the first step only.
    expect(rule.received(rule.lead, 'RESOLVED')).toEqual([]);
  });
});
