import { randomBytes } from 'node:crypto';
import { loadPluginRegistry } from '@oncall/built-ins';
import { type Actor, type Core, createCore, createGroupWindowStore } from '@oncall/core';
import { AlertRule, Endpoint, queryRows, sealJson, User } from '@oncall/core/persistence';
import { createNotificationRoutes } from '@oncall/core/testing';
import { createTestCore, type TestCore } from '@oncall/testing';
import { type DeliveryInput, notifyWorkflowId } from '@oncall/workflows';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTemporalEngine,
  type Engine,
  QUEUES,
  type WorkflowClientLike,
  type WorkflowStartRequest,
} from '../src/index';

const WAIT = { timeout: 20_000, interval: 25 };
const BOT_TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';
const FIVE_MINUTES = 300_000;

/** Records the workflows the outbox worker would start on Temporal. */
function recordingClient() {
  const starts: Array<{ workflowType: string; options: WorkflowStartRequest }> = [];
  const client: WorkflowClientLike = {
    async start(workflowType, options) {
      starts.push({ workflowType, options });
    },
    async signalWithStart() {},
    getHandle() {
      return { async signal() {} };
    },
  };
  return { client, starts };
}

// Issue #31 item 1 on the Temporal driver: the outbox worker decides each group window as the
// embedded engine does (same store, same decider), and starts a delivery workflow for what it sends:
// the first instance's own delivery at once, the gathered ones as one group delivery.
describe('grouped notifications on the Temporal driver', () => {
  let t: TestCore;
  let engine: Engine;
  let core: Core;
  let admin: Actor;
  const temporal = recordingClient();

  beforeAll(async () => {
    t = await createTestCore({ publicUrl: 'https://oncall.example.com/' });
    const plugins = await loadPluginRegistry();
    engine = createTemporalEngine({
      db: t.database.db,
      client: temporal.client,
      taskQueue: 'oncall',
      routes: createNotificationRoutes(t.core.orm, { plugins }),
      groups: createGroupWindowStore(t.core.orm, { defaultGroupIntervalSeconds: 300 }),
      clock: t.clock,
      tuning: { pollingIntervalSeconds: 0.5 },
    });
    await engine.start();
    core = createCore({ ...t.deps, plugins, orchestrator: engine.orchestrator });
    const adminUser = await t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true });
    admin = { userId: adminUser.id, role: 'owner', sessionId: 'test', isSystemAdmin: true };
  });
  afterAll(async () => {
    await engine.stop();
    await t.dispose();
  });

  async function seedRule(name: string, repeatIntervalSeconds = 0) {
    const em = t.core.orm.em.fork();
    const token = `ak_${randomBytes(32).toString('base64url')}`;
    const rule = em.create(AlertRule, {
      name,
      type: 'api',
      owner: admin.userId,
      settings: {},
      groupIntervalSeconds: null,
      groupBy: [],
      repeatIntervalSeconds,
      tokenHash: t.core.secretBox.lookupHash(token),
      sealedToken: t.core.secretBox.encrypt(token),
    });
    const endpoint = em.create(Endpoint, {
      name: `${name} chat`,
      type: 'telegram',
      destination: { chatId: `-100${randomBytes(4).readUInt32BE()}` },
      sealedDestination: sealJson(t.core.secretBox, { botToken: BOT_TOKEN }),
      owner: admin.userId,
    });
    rule.endpoints.add(endpoint);
    await em.flush();
    return { ruleId: rule.id, endpointId: endpoint.id, token };
  }

  const deliveriesTo = (endpointId: string) =>
    temporal.starts.flatMap(({ workflowType, options }) => {
      const [input] = options.args as [DeliveryInput];
      return workflowType === 'deliveryWorkflow' &&
        input.notification.kind === 'alert' &&
        input.notification.endpointId === endpointId
        ? [{ workflowId: options.workflowId, taskQueue: options.taskQueue, notification: input.notification }]
        : [];
    });

  /** Every outbox job queued so far has been carried out: what was not started by now was gathered. */
  async function outboxDrained() {
    await vi.waitFor(async () => {
      const [row] = await queryRows<{ pending: number }>(
        t.core.orm.em.fork(),
        `select count(*)::int as pending from pgboss.job where name = ? and state in ('created', 'retry', 'active')`,
        [QUEUES.temporalOutbox],
      );
      expect(row?.pending).toBe(0);
    }, WAIT);
  }

  const fire = (token: string, instance: string) =>
    core.ingestion.fire(token, { alertname: 'disk_full', instance });

  const firedEvent = async (ruleId: string, instance: string) => {
    const [row] = await queryRows<{ id: string }>(
      t.core.orm.em.fork(),
      `select id from alert_events where rule_id = ? and instance = ? and kind = 'fired'`,
      [ruleId, instance],
    );
    return row?.id;
  };

  it("starts the first instance's delivery at once and the rest as one group delivery when the interval ends", async () => {
    const { ruleId, endpointId, token } = await seedRule('Temporal grouped disks');
    await fire(token, 'db-1');
    await vi.waitFor(() => expect(deliveriesTo(endpointId)).toHaveLength(1), WAIT);
    const [first] = deliveriesTo(endpointId);
    const firstEvent = await firedEvent(ruleId, 'db-1');
    expect(first?.workflowId).toBe(notifyWorkflowId(firstEvent ?? '', endpointId));
    expect(first?.notification.carried).toBeUndefined();
    expect(first?.taskQueue).toBe('oncall-chat');

    await fire(token, 'db-2');
    await fire(token, 'db-3');
    await outboxDrained();
    expect(deliveriesTo(endpointId)).toHaveLength(1);

    t.clock.advance(FIVE_MINUTES);
    expect(await engine.flushDueGroups?.()).toBe(1);
    await vi.waitFor(() => expect(deliveriesTo(endpointId)).toHaveLength(2), WAIT);
    const [, grouped] = deliveriesTo(endpointId);
    expect(grouped?.workflowId).toMatch(/^group:/);
    expect(grouped?.notification.carried?.firing.map((m) => m.alertEventId)).toEqual([
      await firedEvent(ruleId, 'db-2'),
      await firedEvent(ruleId, 'db-3'),
    ]);
    expect(grouped?.notification.carried?.resolved).toEqual([]);

    // Nothing is due any more: nothing is started twice.
    expect(await engine.flushDueGroups?.()).toBe(0);
    await outboxDrained();
    expect(deliveriesTo(endpointId)).toHaveLength(2);
  });

  it('gathers resolves like openings', async () => {
    const { endpointId, token } = await seedRule('Temporal grouped resolves');
    await fire(token, 'web-1');
    await vi.waitFor(() => expect(deliveriesTo(endpointId)).toHaveLength(1), WAIT);
    await core.ingestion.resolve(token, { alertname: 'disk_full', instance: 'web-1' });
    await outboxDrained();
    expect(deliveriesTo(endpointId)).toHaveLength(1);

    t.clock.advance(FIVE_MINUTES);
    await engine.flushDueGroups?.();
    await vi.waitFor(() => expect(deliveriesTo(endpointId)).toHaveLength(2), WAIT);
    const [, grouped] = deliveriesTo(endpointId);
    expect(grouped?.notification.carried?.firing).toEqual([]);
    expect(grouped?.notification.carried?.resolved).toHaveLength(1);
  });

  it('re-pages an unacknowledged instance every repeat interval until the rule is acknowledged', async () => {
    const THIRTY_MINUTES = 1_800_000;
    const { ruleId, endpointId, token } = await seedRule('Temporal repeated disks', 1800);
    await fire(token, 'rp-1');
    await vi.waitFor(() => expect(deliveriesTo(endpointId)).toHaveLength(1), WAIT);

    t.clock.advance(THIRTY_MINUTES);
    await engine.flushDueGroups?.();
    await vi.waitFor(() => expect(deliveriesTo(endpointId)).toHaveLength(2), WAIT);
    const [, repeat] = deliveriesTo(endpointId);
    expect(repeat?.workflowId).toMatch(/^repeat:/);
    expect(repeat?.notification.carried?.firing).toHaveLength(1);

    expect((await core.ruleActions.acknowledge(admin, ruleId)).status).toBe(true);
    // The acknowledgement's own delivery starts as before; after it, no repeat.
    await vi.waitFor(() => expect(deliveriesTo(endpointId)).toHaveLength(3), WAIT);
    await outboxDrained();
    t.clock.advance(THIRTY_MINUTES);
    await engine.flushDueGroups?.();
    await outboxDrained();
    expect(deliveriesTo(endpointId)).toHaveLength(3);
  });
});
