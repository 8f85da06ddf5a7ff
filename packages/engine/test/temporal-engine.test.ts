import { loadPluginRegistry } from '@oncall/built-ins';
import { newId, SecretBox } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import { createDeliveryAttemptLog, createNotificationRoutes } from '@oncall/core/testing';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import {
  DEFAULT_RETRY_POLICY,
  initialDeliveryState,
  initialFlowState,
  OTP_RETRY_POLICY,
  otpDelivery,
} from '@oncall/workflows';
import { WorkflowNotFoundError } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTemporalEngine,
  type Engine,
  laneTaskQueues,
  type WorkflowClientLike,
  type WorkflowSignalWithStartRequest,
  type WorkflowStartRequest,
} from '../src/index';
import { seeder } from './support/seed';

const WAIT = { timeout: 20_000, interval: 25 };

/** Records what would reach Temporal; only flows exist to be signalled, like on a real server. */
function recordingClient() {
  const starts: Array<{ workflowType: string; options: WorkflowStartRequest }> = [];
  const signals: Array<{ workflowId: string; signal: string }> = [];
  const signalStarts: Array<{ workflowType: string; options: WorkflowSignalWithStartRequest }> = [];
  const client: WorkflowClientLike = {
    async start(workflowType, options) {
      starts.push({ workflowType, options });
    },
    async signalWithStart(workflowType, options) {
      signalStarts.push({ workflowType, options });
    },
    getHandle(workflowId) {
      return {
        async signal(signal) {
          if (!starts.some((s) => s.options.workflowId === workflowId)) {
            throw new WorkflowNotFoundError('not found', workflowId, undefined);
          }
          signals.push({ workflowId, signal });
        },
      };
    },
  };
  return { client, starts, signals, signalStarts };
}

describe('the Temporal driver (outbox → workflow starts)', () => {
  let database: TestDatabase;
  let engine: Engine;
  let seed: ReturnType<typeof seeder>;
  let userId: string;
  let smsConfig: string;
  const temporal = recordingClient();

  beforeAll(async () => {
    database = await createTestDatabase();
    const box = new SecretBox(Buffer.alloc(32, 5));
    engine = createTemporalEngine({
      db: database.db,
      client: temporal.client,
      taskQueue: 'oncall',
      routes: createNotificationRoutes(database.db.orm, { plugins: await loadPluginRegistry() }),
      tuning: { pollingIntervalSeconds: 0.5 },
    });
    await engine.start();
    seed = seeder(database.db.orm, box);
    userId = await seed.user();
    smsConfig = await seed.providerConfig(
      'sms',
      'default',
      'providerOne',
      { senderNumber: '1' },
      { apiToken: 't' },
    );
  });
  afterAll(async () => {
    await engine.stop();
    await database.dispose();
  });

  const startsOf = (workflowId: string) => temporal.starts.filter((s) => s.options.workflowId === workflowId);

  it('starts an OTP delivery only for a committed transaction', async () => {
    const rolledBack = await seed.requestOtp(
      engine.orchestrator,
      { userId, channel: 'sms', destination: '0912', code: '1' },
      { rollback: true },
    );
    const otpId = await seed.requestOtp(engine.orchestrator, {
      userId,
      channel: 'sms',
      destination: '0912',
      code: '2',
    });
    await vi.waitFor(() => expect(startsOf(`otp:${otpId}`)).toHaveLength(1), WAIT);
    expect(startsOf(`otp:${otpId}`)).toEqual([
      {
        workflowType: 'deliveryWorkflow',
        options: {
          workflowId: `otp:${otpId}`,
          taskQueue: 'oncall',
          args: [otpDelivery({ otpId, channel: 'sms', chain: [smsConfig], policy: OTP_RETRY_POLICY })],
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          workflowIdConflictPolicy: 'USE_EXISTING',
        },
      },
    ]);
    expect(startsOf(`otp:${rolledBack}`)).toEqual([]);
  });

  it('starts one delivery per endpoint and event, however often it is asked', async () => {
    const endpointId = await seed.endpoint(userId, 'sms', { value: '0912' });
    const alertEventId = newId();
    await seed.notify(engine.orchestrator, alertEventId, endpointId);
    await seed.notify(engine.orchestrator, alertEventId, endpointId);
    const workflowId = `notify:${alertEventId}:${endpointId}`;
    await vi.waitFor(() => expect(startsOf(workflowId)).toHaveLength(1), WAIT);
    expect(startsOf(workflowId)[0]?.options.args).toEqual([
      {
        notification: { kind: 'alert', alertEventId, endpointId },
        state: initialDeliveryState({
          baseKey: workflowId,
          chain: [smsConfig],
          policy: DEFAULT_RETRY_POLICY,
        }),
      },
    ]);
  });

  it("starts email and chat deliveries on their lanes' task queues, pages on the base one", async () => {
    const sms = await seed.endpoint(userId, 'sms', { value: '0916' });
    const email = await seed.endpoint(userId, 'email', { value: 'oncall@example.com' });
    const teams = await seed.endpoint(userId, 'teams', { value: 'https://hooks.example.invalid/lanes' });
    await seed.providerConfig('email', 'default', 'smtp', { host: 'smtp.example.invalid' }, {});
    const alertEventId = newId();
    for (const endpointId of [sms, email, teams])
      await seed.notify(engine.orchestrator, alertEventId, endpointId);
    const queueOf = (endpointId: string) =>
      startsOf(`notify:${alertEventId}:${endpointId}`)[0]?.options.taskQueue;
    await vi.waitFor(
      () => expect([sms, email, teams].map(queueOf)).toEqual(['oncall', 'oncall-email', 'oncall-chat']),
      WAIT,
    );
    expect(laneTaskQueues('oncall')).toEqual(['oncall', 'oncall-email', 'oncall-chat']);
  });

  it('keeps a notify of an endpoint whose kind has no provider config until one is added, as the embedded driver does', async () => {
    const endpointId = await seed.endpoint(userId, 'call', { value: '09120000004' });
    const alertEventId = newId();
    await seed.notify(engine.orchestrator, alertEventId, endpointId);
    const workflowId = `notify:${alertEventId}:${endpointId}`;
    const outboxState = async () => {
      const [job] = await queryRows<{ state: string }>(
        database.db.orm.em.fork(),
        `select state from pgboss.job where name = 'oncall-temporal-outbox' and data->>'alertEventId' = ?`,
        [alertEventId],
      );
      return job?.state;
    };
    await vi.waitFor(async () => expect(await outboxState()).toBe('retry'), WAIT);
    expect(startsOf(workflowId)).toEqual([]);

    const callConfig = await seed.providerConfig('call', 'default', 'providerOne', {}, { apiToken: 't' });
    await vi.waitFor(() => expect(startsOf(workflowId)).toHaveLength(1), { ...WAIT, timeout: 30_000 });
    expect(startsOf(workflowId)[0]?.options).toMatchObject({
      taskQueue: 'oncall',
      args: [{ state: { provider: callConfig } }],
    });
  });

  it('starts a flow for a flow endpoint and signals it when escalations stop', async () => {
    const target = await seed.endpoint(userId, 'sms', { value: '0912' });
    const steps = [{ type: 'endpoint' as const, endpointIds: [target] }];
    const flow = await seed.endpoint(userId, 'flow', { steps });
    const direct = await seed.endpoint(userId, 'sms', { value: '0913' });
    const alertEventId = newId();
    await seed.notify(engine.orchestrator, alertEventId, flow);
    await seed.notify(engine.orchestrator, alertEventId, direct);
    const flowId = `flow:${alertEventId}:${flow}`;
    await vi.waitFor(() => expect(startsOf(flowId)).toHaveLength(1), WAIT);
    expect(startsOf(flowId)[0]).toEqual({
      workflowType: 'flowWorkflow',
      options: {
        workflowId: flowId,
        taskQueue: 'oncall',
        args: [
          {
            alertEventId,
            flowEndpointId: flow,
            state: initialFlowState([{ type: 'endpoint', endpointIds: [target] }]),
            retryPolicy: DEFAULT_RETRY_POLICY,
          },
        ],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        workflowIdConflictPolicy: 'USE_EXISTING',
      },
    });

    await seed.stopEscalations(engine.orchestrator, alertEventId);
    // The direct endpoint has no flow to signal; only the flow hears `acknowledge`.
    await vi.waitFor(
      () => expect(temporal.signals).toEqual([{ workflowId: flowId, signal: 'acknowledge' }]),
      WAIT,
    );
  });

  it('sends a resolve sent to a flow straight to the steps its episode paged, starting no flow', async () => {
    const paged = await seed.endpoint(userId, 'sms', { value: '0914' });
    const later = await seed.endpoint(userId, 'sms', { value: '0915' });
    const flow = await seed.endpoint(userId, 'flow', {
      steps: [
        { type: 'endpoint', endpointIds: [paged] },
        { type: 'wait', duration: 10, timeUnit: 'm' },
        { type: 'endpoint', endpointIds: [later] },
      ],
    });
    const ruleId = await seed.alertRule(userId);
    const fired = await seed.alertEvent(ruleId, 'fired');
    await createDeliveryAttemptLog(database.db.orm).append({
      notification: { kind: 'alert', alertEventId: fired, endpointId: paged },
      record: {
        providerConfigId: smsConfig,
        attempt: 1,
        idempotencyKey: `notify:${fired}:${paged}:0:${smsConfig}:1`,
        outcome: 'delivered',
        error: null,
        retryAfterMs: null,
        latencyMs: 5,
      },
    });
    const resolved = await seed.alertEvent(ruleId, 'resolved', fired);
    await seed.notify(engine.orchestrator, resolved, flow);

    // The id a direct notify of `paged` has: attached directly too, it is told once.
    const workflowId = `notify:${resolved}:${paged}`;
    await vi.waitFor(() => expect(startsOf(workflowId)).toHaveLength(1), WAIT);
    expect(startsOf(workflowId)[0]?.options.args).toEqual([
      {
        notification: { kind: 'alert', alertEventId: resolved, endpointId: paged },
        state: initialDeliveryState({
          baseKey: workflowId,
          chain: [smsConfig],
          policy: DEFAULT_RETRY_POLICY,
        }),
      },
    ]);
    await vi.waitFor(async () => {
      const [row] = await queryRows<{ pending: number }>(
        database.db.orm.em.fork(),
        `select count(*)::int as pending from pgboss.job
          where name = 'oncall-temporal-outbox' and data->>'alertEventId' = ? and state <> 'completed'`,
        [resolved],
      );
      expect(row?.pending).toBe(0);
    }, WAIT);
    expect(startsOf(`flow:${resolved}:${flow}`)).toEqual([]);
    expect(startsOf(`notify:${resolved}:${later}`)).toEqual([]);
  });

  it('arms an auto-resolve timer with signalWithStart on every fire, once per fire', async () => {
    const ruleId = newId();
    const fingerprint = 'f'.repeat(64);
    const T0 = Date.UTC(2025, 0, 1);
    const fire = (firedAt: number) =>
      database.db.orm.em.fork().transactional((tx) =>
        engine.orchestrator.armAutoResolve(tx, {
          ruleId,
          fingerprint,
          episodeId: newId(),
          opened: firedAt === T0,
          autoResolveMinutes: 10,
          firedAt: new Date(firedAt),
        }),
      );
    await fire(T0);
    await fire(T0 + 60_000);
    await fire(T0 + 60_000); // the same fire replayed
    const workflowId = `autoresolve:${ruleId}:${fingerprint}`;
    const ofInstance = () => temporal.signalStarts.filter((s) => s.options.workflowId === workflowId);
    await vi.waitFor(() => expect(ofInstance()).toHaveLength(2), WAIT);
    const request = (firedAt: number) => ({
      workflowType: 'autoResolveWorkflow',
      options: {
        workflowId,
        taskQueue: 'oncall',
        args: [{ arm: { ruleId, instance: fingerprint, autoResolveMinutes: 10, firedAt } }],
        signal: 'rearm',
        signalArgs: [{ firedAt }],
        workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      },
    });
    expect(ofInstance()).toEqual(expect.arrayContaining([request(T0), request(T0 + 60_000)]));
    const [queued] = await queryRows<{ jobs: number }>(
      database.db.orm.em.fork(),
      "select count(*)::int as jobs from pgboss.job where name = 'oncall-temporal-autoresolve' and data->>'ruleId' = ?",
      [ruleId],
    );
    expect(queued?.jobs).toBe(2);
  });

  it('arms the timer of an alert that expires (its endsAt) with the expiry as the deadline', async () => {
    const ruleId = newId();
    const fingerprint = 'e'.repeat(64);
    const endsAt = Date.UTC(2025, 0, 1, 0, 4);
    await database.db.orm.em.fork().transactional((tx) =>
      engine.orchestrator.armAutoResolve(tx, {
        ruleId,
        fingerprint,
        episodeId: newId(),
        opened: true,
        autoResolveMinutes: 0,
        firedAt: new Date(endsAt),
      }),
    );
    const workflowId = `autoresolve:${ruleId}:${fingerprint}`;
    await vi.waitFor(
      () => expect(temporal.signalStarts.filter((s) => s.options.workflowId === workflowId)).toHaveLength(1),
      WAIT,
    );
    expect(temporal.signalStarts.find((s) => s.options.workflowId === workflowId)?.options).toMatchObject({
      args: [{ arm: { ruleId, instance: fingerprint, autoResolveMinutes: 0, firedAt: endsAt } }],
      signal: 'rearm',
      signalArgs: [{ firedAt: endsAt }],
    });
  });
});
