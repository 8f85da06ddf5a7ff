import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import {
  type ActivityDeps,
  createActivities,
  DEFAULT_RETRY_POLICY,
  type DeliveryShares,
  type DeliverySharesReader,
  DIRECT_PROVIDER,
  type EndpointRoute,
  type FlowStepDispatch,
  initialDeliveryState,
  LaneSlots,
  type LoggedAttempt,
  type Notification,
  type ResolveInstanceRequest,
  SendDeferred,
  SendError,
  type SendRequest,
} from '../src/index';
import { LANE_BUSY_FAILURE_TYPE } from '../src/temporal/lane-busy';
import { SEND_DEFERRED_FAILURE_TYPE } from '../src/temporal/send-deferred';
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

/** Whom each endpoint's sends count against; endpoints not listed are pages. */
type SharesByEndpoint = Record<string, DeliveryShares>;

function sharesFrom(byEndpoint: SharesByEndpoint): DeliverySharesReader['sharesOf'] {
  return async (incoming) => (incoming.kind === 'alert' ? (byEndpoint[incoming.endpointId] ?? null) : null);
}

function setup(
  send: (request: SendRequest) => Promise<void>,
  sharesOf: DeliverySharesReader['sharesOf'] = async () => null,
) {
  const sent: SendRequest[] = [];
  const logged: LoggedAttempt[] = [];
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
    people: { pagesAt: async () => [] },
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
    shares: { sharesOf },
    laneSlots: new LaneSlots({ perEndpointOwner: 2, perRule: 3, perRuleOwner: 4 }),
    now: () => clock,
  };
  return { activities: createActivities(deps), sent, logged, resolved, laneSlots: deps.laneSlots };
}

/** Lets the sends started so far reach the vendor (their shares are read first). */
function sendsUnderway(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
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

  it('turns a deferred send into a non-retryable SendDeferred failure carrying its wait: no attempt', async () => {
    const { activities } = setup(async () => {
      throw new SendDeferred(2_000, 'telegram answered 429');
    });
    const failure = await failureOf(activities.sendNotification(request));
    expect(failure).toMatchObject({
      type: SEND_DEFERRED_FAILURE_TYPE,
      message: 'telegram answered 429',
      nonRetryable: true,
      details: [{ waitMs: 2_000 }],
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

describe('createActivities: sendNotification in a slow lane', () => {
  // Eight chat endpoints handed to eight users, all paged by rule_tarpit of usr_giver; one other
  // user's chat endpoint on a rule of its own.
  const shares: SharesByEndpoint = {
    ...Object.fromEntries(
      Array.from({ length: 8 }, (_, index) => [
        `ep_tarpit_${index}`,
        {
          lane: 'chat',
          endpointOwnerId: `usr_gift_${index}`,
          ruleId: 'rule_tarpit',
          ruleOwnerId: 'usr_giver',
        },
      ]),
    ),
    ep_other: { lane: 'chat', endpointOwnerId: 'usr_other', ruleId: 'rule_other', ruleOwnerId: 'usr_other' },
  };
  const chatSend = (endpointId: string): SendRequest => ({
    notification: { kind: 'alert', alertEventId: 'evt_1', endpointId },
    providerConfigId: DIRECT_PROVIDER,
    attempt: 1,
    idempotencyKey: `notify:evt_1:${endpointId}:${DIRECT_PROVIDER}:1`,
  });

  /** A sender whose tarpit endpoints hold each request until the test lets them go. */
  function tarpit() {
    const held: Array<() => void> = [];
    const send = (incoming: SendRequest) =>
      incoming.notification.kind === 'alert' && incoming.notification.endpointId.startsWith('ep_tarpit')
        ? new Promise<void>((resolve) => held.push(resolve))
        : Promise.resolve();
    return { held, ...setup(send, sharesFrom(shares)) };
  }

  it("refuses a send beyond its rule's share as lane busy without calling the vendor, while another rule's goes through", async () => {
    const { activities, sent, held } = tarpit();
    const running = [0, 1, 2].map((index) => activities.sendNotification(chatSend(`ep_tarpit_${index}`)));
    await sendsUnderway();
    expect(held).toHaveLength(3);

    const refused = await failureOf(activities.sendNotification(chatSend('ep_tarpit_3')));
    expect(refused.type).toBe(LANE_BUSY_FAILURE_TYPE);
    expect(refused.message).toContain('chat:rule:rule_tarpit');
    expect(sent.map((request) => request.notification)).not.toContainEqual(
      expect.objectContaining({ endpointId: 'ep_tarpit_3' }),
    );

    await expect(activities.sendNotification(chatSend('ep_other'))).resolves.toEqual({ latencyMs: 250 });
    expect(sent).toHaveLength(4);

    for (const release of held) release();
    await Promise.all(running);
  });

  it('gives the slot back when the send ends, so a refused send goes through when asked again', async () => {
    const { activities, held } = tarpit();
    const running = [0, 1, 2].map((index) => activities.sendNotification(chatSend(`ep_tarpit_${index}`)));
    await sendsUnderway();
    await expect(failureOf(activities.sendNotification(chatSend('ep_tarpit_3')))).resolves.toMatchObject({
      type: LANE_BUSY_FAILURE_TYPE,
    });

    held[0]?.();
    await running[0];
    const again = activities.sendNotification(chatSend('ep_tarpit_3'));
    await sendsUnderway();
    expect(held).toHaveLength(4);

    for (const release of held.slice(1)) release();
    await Promise.all([...running, again]);
  });

  it('gives the slot back when the vendor fails', async () => {
    const { activities, sent } = setup(async () => {
      throw new SendError('transient', 'webhook 502');
    }, sharesFrom(shares));
    for (let round = 0; round < 5; round += 1) {
      const failure = await failureOf(activities.sendNotification(chatSend('ep_tarpit_0')));
      expect(failure.type).toBe(SEND_FAILURE_TYPES.transient);
    }
    expect(sent).toHaveLength(5);
  });

  it("bounds a rule owner's sends across its rules", async () => {
    const held: Array<() => void> = [];
    const { activities } = setup(
      () => new Promise<void>((resolve) => held.push(resolve)),
      sharesFrom(
        Object.fromEntries(
          ['a', 'b', 'c', 'd', 'e'].map((rule) => [
            `ep_${rule}`,
            {
              lane: 'chat',
              endpointOwnerId: `usr_${rule}`,
              ruleId: `rule_${rule}`,
              ruleOwnerId: 'usr_giver',
            },
          ]),
        ),
      ),
    );
    const running = ['a', 'b', 'c', 'd'].map((rule) => activities.sendNotification(chatSend(`ep_${rule}`)));
    await sendsUnderway();
    const refused = await failureOf(activities.sendNotification(chatSend('ep_e')));
    expect(refused).toMatchObject({
      type: LANE_BUSY_FAILURE_TYPE,
      message: expect.stringContaining('ruleOwner:usr_giver'),
    });
    expect(held).toHaveLength(4);

    for (const release of held) release();
    await Promise.all(running);
  });

  it('never bounds pages: they have no shares', async () => {
    const held: Array<() => void> = [];
    const { activities, sent } = setup(
      () => new Promise<void>((resolve) => held.push(resolve)),
      sharesFrom(shares),
    );
    const running = Array.from({ length: 12 }, () => activities.sendNotification(request));
    await sendsUnderway();
    expect(sent).toHaveLength(12);

    for (const release of held) release();
    await Promise.all(running);
  });

  it('fails the attempt as transient, sending nothing, when whom the send counts against cannot be read', async () => {
    const { activities, sent } = setup(
      async () => {},
      async () => {
        throw new Error('connection terminated');
      },
    );
    const failure = await failureOf(activities.sendNotification(chatSend('ep_other')));
    expect(failure).toMatchObject({ type: SEND_FAILURE_TYPES.transient, message: 'connection terminated' });
    expect(sent).toEqual([]);
  });
});

describe('createActivities: bookkeeping', () => {
  it('appends delivery attempts to the log', async () => {
    const { activities, logged } = setup(async () => {});
    const entry: LoggedAttempt = {
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
