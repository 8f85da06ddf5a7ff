import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import {
  type ActivityDeps,
  createActivities,
  DEFAULT_RETRY_POLICY,
  type DeliveryLogEntry,
  DIRECT_PROVIDER,
  type EndpointRoute,
  type FlowStepDispatch,
  initialDeliveryState,
  type Notification,
  type ResolveInstanceRequest,
  SendError,
  type SendRequest,
} from '../src/index';
import { SEND_FAILURE_TYPES } from '../src/temporal/send-failure';

const notification: Notification = { kind: 'alert', alertEventId: 'evt_1', endpointId: 'ep_sms' };
const request: SendRequest = {
  notification,
  providerConfigId: 'cfg_default',
  attempt: 1,
  idempotencyKey: 'notify:evt_1:ep_sms:cfg_default:1',
};

const stepRoutes: Record<string, EndpointRoute> = {
  ep_teams: { kind: 'deliver', chain: [DIRECT_PROVIDER], lane: 'chat', ownerId: 'usr_1' },
  ep_call: { kind: 'unconfigured', providerKind: 'call' },
  ep_flow: { kind: 'flow', steps: [] },
};

function setup(send: (request: SendRequest) => Promise<void>) {
  const sent: SendRequest[] = [];
  const logged: DeliveryLogEntry[] = [];
  const resolved: ResolveInstanceRequest[] = [];
  let clock = 1000;
  const deps: ActivityDeps = {
    sender: {
      send: async (incoming) => {
        sent.push(incoming);
        clock += 250; // the provider takes 250 ms
        await send(incoming);
      },
    },
    deliveryLog: { append: async (entry) => void logged.push(entry) },
    providerChains: {
      chainFor: async (endpointId) =>
        endpointId === 'ep_gone' ? null : [`${endpointId}_default`, `${endpointId}_backup`],
    },
    routes: {
      chainForKind: async () => null,
      routeOf: async (endpointId) => stepRoutes[endpointId] ?? null,
      followUpTargets: async () => null,
    },
    instances: { resolve: async (incoming) => void resolved.push(incoming) },
    now: () => clock,
  };
  return { activities: createActivities(deps), sent, logged, resolved };
}

async function failureOf(promise: Promise<unknown>): Promise<ApplicationFailure> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApplicationFailure))
    throw new Error(`expected an ApplicationFailure, got ${String(error)}`);
  return error;
}

describe('createActivities: sendNotification', () => {
  it('sends through the port and reports the latency', async () => {
    const { activities, sent } = setup(async () => {});
    await expect(activities.sendNotification(request)).resolves.toEqual({ latencyMs: 250 });
    expect(sent).toEqual([request]);
  });

  it('turns a permanent error into a non-retryable ApplicationFailure', async () => {
    const { activities } = setup(async () => {
      throw new SendError('permanent', 'invalid receptor');
    });
    const failure = await failureOf(activities.sendNotification(request));
    expect(failure).toMatchObject({
      type: SEND_FAILURE_TYPES.permanent,
      message: 'invalid receptor',
      nonRetryable: true,
      details: [{ latencyMs: 250 }],
    });
  });

  it('carries Retry-After of a rate-limited error in the failure details', async () => {
    const { activities } = setup(async () => {
      throw new SendError('rateLimited', '429', 30_000);
    });
    const failure = await failureOf(activities.sendNotification(request));
    expect(failure).toMatchObject({
      type: SEND_FAILURE_TYPES.rateLimited,
      nonRetryable: false,
      details: [{ latencyMs: 250, retryAfterMs: 30_000 }],
    });
  });

  it('treats an unexpected error as transient', async () => {
    const { activities } = setup(async () => {
      throw new Error('socket hang up');
    });
    const failure = await failureOf(activities.sendNotification(request));
    expect(failure).toMatchObject({
      type: SEND_FAILURE_TYPES.transient,
      message: 'socket hang up',
      nonRetryable: false,
    });
  });
});

describe('createActivities: bookkeeping', () => {
  it('appends delivery attempts to the log', async () => {
    const { activities, logged } = setup(async () => {});
    const entry: DeliveryLogEntry = {
      notification,
      record: {
        providerConfigId: 'cfg_default',
        attempt: 1,
        idempotencyKey: request.idempotencyKey,
        outcome: 'delivered',
        error: null,
        retryAfterMs: null,
        latencyMs: 250,
      },
    };
    await activities.recordDeliveryAttempt(entry);
    expect(logged).toEqual([entry]);
  });

  it('resolves provider chains in the order asked and leaves out endpoints that cannot be delivered to', async () => {
    const { activities } = setup(async () => {});
    await expect(
      activities.resolveProviderChains({ endpointIds: ['ep_b', 'ep_gone', 'ep_a'] }),
    ).resolves.toEqual([
      { endpointId: 'ep_b', chain: ['ep_b_default', 'ep_b_backup'] },
      { endpointId: 'ep_a', chain: ['ep_a_default', 'ep_a_backup'] },
    ]);
  });

  it('resolves instances through the port', async () => {
    const { activities, resolved } = setup(async () => {});
    const resolution = {
      ruleId: 'rule_1',
      instance: 'db-1',
      description: 'Alert resolved automatically',
      lastFiredAt: 1_735_689_000_000,
    };
    await activities.resolveInstance(resolution);
    expect(resolved).toEqual([resolution]);
  });
});

describe('createActivities: routeFlowStep', () => {
  const step = (endpointId: string): FlowStepDispatch => ({
    type: 'flowStep',
    alertEventId: 'evt_1',
    endpointId,
    stepIndex: 2,
    policy: DEFAULT_RETRY_POLICY,
  });

  it("answers the delivery to start, on the endpoint's lane", async () => {
    const { activities } = setup(async () => {});
    await expect(activities.routeFlowStep(step('ep_teams'))).resolves.toEqual({
      type: 'deliver',
      key: 'notify:evt_1:ep_teams:2',
      input: {
        notification: { kind: 'alert', alertEventId: 'evt_1', endpointId: 'ep_teams' },
        state: initialDeliveryState({
          baseKey: 'notify:evt_1:ep_teams:2',
          chain: [DIRECT_PROVIDER],
          policy: DEFAULT_RETRY_POLICY,
        }),
      },
      lane: 'chat',
      ownerId: 'usr_1',
    });
  });

  it('answers nothing to start for a deleted endpoint or a flow', async () => {
    const { activities } = setup(async () => {});
    await expect(activities.routeFlowStep(step('ep_gone'))).resolves.toEqual({ type: 'drop' });
    await expect(activities.routeFlowStep(step('ep_flow'))).resolves.toEqual({ type: 'drop' });
  });

  it('fails, to be retried, while the endpoint has no provider config of its kind', async () => {
    const { activities } = setup(async () => {});
    await expect(activities.routeFlowStep(step('ep_call'))).rejects.toThrow(
      'No call provider config to deliver to ep_call with',
    );
  });
});
