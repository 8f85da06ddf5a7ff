import {
  ActivityFailure,
  ApplicationFailure,
  CancelledFailure,
  RetryState,
  TimeoutFailure,
  WorkflowExecutionAlreadyStartedError,
} from '@temporalio/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createActivities,
  DEFAULT_RETRY_POLICY,
  type DeliveryInput,
  DIRECT_PROVIDER,
  type EndpointRoute,
  type FlowInput,
  initialDeliveryState,
  initialFlowState,
  LaneSlots,
  type OnCallPeople,
  type RetryPolicy,
  type SendRequest,
} from '../src/index';
import { LANE_BUSY_FAILURE_TYPE } from '../src/temporal/lane-busy';
import { SEND_DEFERRED_FAILURE_TYPE } from '../src/temporal/send-deferred';
import { autoResolveWorkflow, deliveryWorkflow, flowWorkflow } from '../src/temporal/workflows';
import { describeTrace, resetRuntime, runtime, signal } from './fake-workflow-runtime';

vi.mock('@temporalio/workflow', async (importOriginal) => {
  const { fakeWorkflowModule } = await import('./fake-workflow-module');
  return fakeWorkflowModule(await importOriginal<typeof import('@temporalio/workflow')>());
});

const T0 = Date.UTC(2025, 0, 1);
const MINUTE = 60_000;

beforeEach(() => {
  resetRuntime(T0);
  vi.spyOn(Date, 'now').mockImplementation(() => runtime.now);
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs activity results in order, one per call. */
function script<Result>(...results: Array<() => Result>): () => Result {
  return () => {
    const next = results.shift();
    if (next === undefined) throw new Error('more calls than scripted');
    return next();
  };
}

function sendFailure(
  type: string,
  message: string,
  details: unknown[],
  nonRetryable = false,
): ActivityFailure {
  const cause = ApplicationFailure.create({ type, message, details, nonRetryable });
  return new ActivityFailure(
    'activity failed',
    'sendNotification',
    '1',
    RetryState.MAXIMUM_ATTEMPTS_REACHED,
    'w',
    cause,
  );
}

describe('deliveryWorkflow', () => {
  const policy: RetryPolicy = {
    baseDelayMs: 1000,
    factor: 2,
    maxDelayMs: 10_000,
    maxAttemptsPerProvider: 3,
    jitter: 'full',
  };
  const input: DeliveryInput = {
    notification: { kind: 'alert', alertEventId: 'evt_1', endpointId: 'ep_sms' },
    state: initialDeliveryState({
      baseKey: 'notify:evt_1:ep_sms',
      chain: ['cfg_default', 'cfg_backup'],
      policy,
    }),
  };

  beforeEach(() => {
    runtime.activities.recordDeliveryAttempt = async () => {};
  });

  it('retries after a jittered backoff, falls back to the backup after a permanent error, and records each attempt', async () => {
    const send = script(
      () => {
        throw sendFailure('TransientSendError', 'provider 503', [{ latencyMs: 30 }]);
      },
      () => {
        throw sendFailure('PermanentSendError', 'sender line blocked', [{ latencyMs: 20 }], true);
      },
      () => ({ latencyMs: 80 }),
    );
    runtime.activities.sendNotification = async () => send();

    await expect(deliveryWorkflow(input)).resolves.toBe('delivered');
    expect(describeTrace(runtime.trace)).toEqual([
      'send cfg_default#1',
      'record cfg_default#1 transient',
      'block 500', // Math.random 0.5 × base 1000
      'send cfg_default#2',
      'record cfg_default#2 permanent',
      'send cfg_backup#1',
      'record cfg_backup#1 delivered',
    ]);
    expect(runtime.trace[0]).toEqual({
      op: 'activity',
      name: 'sendNotification',
      input: {
        notification: input.notification,
        providerConfigId: 'cfg_default',
        attempt: 1,
        idempotencyKey: 'notify:evt_1:ep_sms:cfg_default:1',
      },
    });
    expect(runtime.trace[4]).toMatchObject({
      input: { record: { error: 'sender line blocked', latencyMs: 20, outcome: 'permanent' } },
    });
  });

  it('waits out Retry-After of a rate-limited attempt', async () => {
    const send = script(
      () => {
        throw sendFailure('RateLimitedSendError', '429', [{ latencyMs: 5, retryAfterMs: 30_000 }]);
      },
      () => ({ latencyMs: 40 }),
    );
    runtime.activities.sendNotification = async () => send();

    await expect(deliveryWorkflow(input)).resolves.toBe('delivered');
    expect(describeTrace(runtime.trace)).toEqual([
      'send cfg_default#1',
      'record cfg_default#1 rateLimited',
      'block 30000',
      'send cfg_default#2',
      'record cfg_default#2 delivered',
    ]);
  });

  it('retries at once when the jittered backoff is zero, without starting a timer', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const send = script(
      () => {
        throw sendFailure('TransientSendError', 'reset', []);
      },
      () => ({ latencyMs: 40 }),
    );
    runtime.activities.sendNotification = async () => send();

    await expect(deliveryWorkflow(input)).resolves.toBe('delivered');
    expect(describeTrace(runtime.trace)).not.toContain('block 0');
    expect(describeTrace(runtime.trace)).toEqual([
      'send cfg_default#1',
      'record cfg_default#1 transient',
      'send cfg_default#2',
      'record cfg_default#2 delivered',
    ]);
  });

  it('treats an activity timeout as a transient failure', async () => {
    const send = script(
      () => {
        const timeout = new TimeoutFailure('activity StartToClose timeout', undefined, 'START_TO_CLOSE');
        throw new ActivityFailure(
          'activity timed out',
          'sendNotification',
          '1',
          RetryState.TIMEOUT,
          'w',
          timeout,
        );
      },
      () => ({ latencyMs: 40 }),
    );
    runtime.activities.sendNotification = async () => send();

    await expect(deliveryWorkflow(input)).resolves.toBe('delivered');
    expect(runtime.trace[1]).toMatchObject({
      input: { record: { outcome: 'transient', error: 'activity StartToClose timeout', latencyMs: null } },
    });
  });

  it('stops during a backoff wait when cancelled', async () => {
    runtime.activities.sendNotification = async () => {
      throw sendFailure('TransientSendError', 'provider 503', []);
    };
    runtime.whenBlocked.push(() => signal('cancel'));

    await expect(deliveryWorkflow(input)).resolves.toBe('cancelled');
    expect(describeTrace(runtime.trace)).toEqual([
      'send cfg_default#1',
      'record cfg_default#1 transient',
      'block 500',
      'signal cancel',
    ]);
  });

  it('records an attempt that was in flight when cancelled', async () => {
    runtime.activities.sendNotification = async () => {
      signal('cancel');
      return { latencyMs: 40 };
    };

    await expect(deliveryWorkflow(input)).resolves.toBe('delivered');
    expect(describeTrace(runtime.trace)).toEqual([
      'send cfg_default#1',
      'signal cancel',
      'record cfg_default#1 delivered',
    ]);
  });

  it('lets errors that are not send results fail the workflow', async () => {
    const cancelled = new CancelledFailure('workflow cancelled');
    runtime.activities.sendNotification = async () => {
      throw cancelled;
    };

    await expect(deliveryWorkflow(input)).rejects.toBe(cancelled);
  });

  it('asks again after a lane-busy refusal with the same attempt and key, recording only the send that was made', async () => {
    const laneBusy = () => {
      throw sendFailure(LANE_BUSY_FAILURE_TYPE, 'Lane share full: chat:rule:rule_1', []);
    };
    const send = script(laneBusy, laneBusy, () => ({ latencyMs: 40 }));
    runtime.activities.sendNotification = async () => send();

    await expect(deliveryWorkflow(input)).resolves.toBe('delivered');
    expect(describeTrace(runtime.trace)).toEqual([
      'send cfg_default#1',
      'sleep 750', // 1 s × (0.5 + 0.5 / 2)
      'send cfg_default#1',
      'sleep 1500',
      'send cfg_default#1',
      'record cfg_default#1 delivered',
    ]);
    const asked = runtime.trace.flatMap((entry) => (entry.op === 'activity' ? [entry.input] : []));
    const first: SendRequest = {
      notification: input.notification,
      providerConfigId: 'cfg_default',
      attempt: 1,
      idempotencyKey: 'notify:evt_1:ep_sms:cfg_default:1',
    };
    expect(asked.slice(0, 3)).toEqual([first, first, first]);
  });

  it('waits out a deferral (pacing, a vendor 429) for the time it names, then sends the same attempt and key', async () => {
    const deferred = () => {
      throw sendFailure(SEND_DEFERRED_FAILURE_TYPE, 'telegram answered 429', [{ waitMs: 3_000 }]);
    };
    const send = script(deferred, deferred, () => ({ latencyMs: 40 }));
    runtime.activities.sendNotification = async () => send();

    await expect(deliveryWorkflow(input)).resolves.toBe('delivered');
    expect(describeTrace(runtime.trace)).toEqual([
      'send cfg_default#1',
      'sleep 3000',
      'send cfg_default#1',
      'sleep 3000',
      'send cfg_default#1',
      'record cfg_default#1 delivered',
    ]);
    const asked = runtime.trace.flatMap((entry) => (entry.op === 'activity' ? [entry.input] : []));
    expect(new Set(asked.slice(0, 3).map((request) => JSON.stringify(request))).size).toBe(1);
  });

  it('counts the attempt a refusal delayed once, when it fails', async () => {
    const send = script(
      () => {
        throw sendFailure(LANE_BUSY_FAILURE_TYPE, 'Lane share full: chat:ruleOwner:usr_1', []);
      },
      () => {
        throw sendFailure('TransientSendError', 'webhook 502', [{ latencyMs: 30 }]);
      },
      () => ({ latencyMs: 40 }),
    );
    runtime.activities.sendNotification = async () => send();

    await expect(deliveryWorkflow(input)).resolves.toBe('delivered');
    expect(describeTrace(runtime.trace)).toEqual([
      'send cfg_default#1',
      'sleep 750',
      'send cfg_default#1',
      'record cfg_default#1 transient',
      'block 500',
      'send cfg_default#2',
      'record cfg_default#2 delivered',
    ]);
  });

  it("waits, sending nothing, while its rule's share of the worker is held, then sends once", async () => {
    const chat: DeliveryInput = {
      notification: { kind: 'alert', alertEventId: 'evt_1', endpointId: 'ep_chat' },
      state: initialDeliveryState({ baseKey: 'notify:evt_1:ep_chat', chain: [DIRECT_PROVIDER], policy }),
    };
    const shares = {
      lane: 'chat',
      endpointOwnerId: 'usr_2',
      ruleId: 'rule_1',
      ruleOwnerId: 'usr_1',
    } as const;
    const laneSlots = new LaneSlots({ perEndpointOwner: 2, perRule: 3, perRuleOwner: 4 });
    const vendor: SendRequest[] = [];
    const activities = createActivities({
      sender: { send: async (request) => void vendor.push(request) },
      deliveryLog: { append: async () => {} },
      people: { pagesAt: async () => [] },
      providerChains: { chainFor: async () => null },
      routes: {
        chainForKind: async () => null,
        routeOf: async () => null,
        followUpTargets: async () => null,
      },
      instances: { resolve: async () => {} },
      shares: { sharesOf: async () => shares },
      laneSlots,
    });
    // Three sends of the rule's other endpoints (handed to other users) hang in this worker.
    const tarpits = ['usr_3', 'usr_4', 'usr_5'].map((endpointOwnerId) =>
      laneSlots.take({ ...shares, endpointOwnerId }),
    );
    // Temporal hands the workflow what the activity threw, wrapped.
    runtime.activities.sendNotification = async (request) => {
      try {
        return await activities.sendNotification(request);
      } catch (error) {
        if (!(error instanceof ApplicationFailure)) throw error;
        throw new ActivityFailure(
          'activity failed',
          'sendNotification',
          '1',
          RetryState.NON_RETRYABLE_FAILURE,
          'w',
          error,
        );
      }
    };
    runtime.whenBlocked.push(
      () => {},
      () => {
        for (const slot of tarpits) if (slot.taken) slot.release();
      },
    );

    await expect(deliveryWorkflow(chat)).resolves.toBe('delivered');
    expect(describeTrace(runtime.trace)).toEqual([
      'send direct#1',
      'sleep 750',
      'send direct#1',
      'sleep 1500',
      'send direct#1',
      'record direct#1 delivered',
    ]);
    expect(vendor).toEqual([
      {
        notification: chat.notification,
        providerConfigId: DIRECT_PROVIDER,
        attempt: 1,
        idempotencyKey: 'notify:evt_1:ep_chat:direct:1',
      },
    ]);
    expect(laneSlots.runningFor('chat:rule:rule_1')).toBe(0);
  });

  it('reports a page every provider config failed, once it gave up, and not a cancelled one', async () => {
    runtime.activities.reportUndeliverable = async () => {};
    const send = script(
      () => {
        throw sendFailure('PermanentSendError', 'invalid api key', [{ latencyMs: 10 }], true);
      },
      () => {
        throw sendFailure('PermanentSendError', 'invalid api key', [{ latencyMs: 10 }], true);
      },
    );
    runtime.activities.sendNotification = async () => send();

    await expect(deliveryWorkflow(input)).resolves.toBe('failed');
    expect(describeTrace(runtime.trace)).toEqual([
      'send cfg_default#1',
      'record cfg_default#1 permanent',
      'send cfg_backup#1',
      'record cfg_backup#1 permanent',
      'undeliverable evt_1/ep_sms',
    ]);
    expect(runtime.activityOptions.get('reportUndeliverable')).not.toMatchObject({
      retry: { maximumAttempts: 1 },
    });
  });

  it('replays a delivery that gave up before undeliverable pages were reported without reporting it', async () => {
    runtime.replayingUnpatched = true;
    const send = script(
      () => {
        throw sendFailure('PermanentSendError', 'invalid api key', [{ latencyMs: 10 }], true);
      },
      () => {
        throw sendFailure('PermanentSendError', 'invalid api key', [{ latencyMs: 10 }], true);
      },
    );
    runtime.activities.sendNotification = async () => send();

    await expect(deliveryWorkflow(input)).resolves.toBe('failed');
    expect(describeTrace(runtime.trace).at(-1)).toBe('record cfg_backup#1 permanent');
  });

  it('leaves retries of sends to the decider and of bookkeeping to Temporal', () => {
    expect(runtime.activityOptions.get('sendNotification')).toMatchObject({ retry: { maximumAttempts: 1 } });
    expect(runtime.activityOptions.get('recordDeliveryAttempt')).not.toMatchObject({
      retry: { maximumAttempts: 1 },
    });
  });
});

describe('flowWorkflow replaying a history from before its steps were routed', () => {
  const input: FlowInput = {
    alertEventId: 'evt_1',
    flowEndpointId: 'ep_flow',
    retryPolicy: DEFAULT_RETRY_POLICY,
    state: initialFlowState([
      { type: 'endpoint', endpointIds: ['ep_sms', 'ep_chat'] },
      { type: 'wait', duration: 5, timeUnit: 'm' },
      { type: 'endpoint', endpointIds: ['ep_call', 'ep_deleted'] },
    ]),
  };

  beforeEach(() => {
    runtime.replayingUnpatched = true;
    runtime.activities.resolveProviderChains = async ({ endpointIds }) =>
      endpointIds
        .filter((endpointId) => endpointId !== 'ep_deleted')
        .map((endpointId) => ({ endpointId, chain: [`${endpointId}_default`, `${endpointId}_backup`] }));
  });

  it('escalates: notifies step 0, waits 5 minutes, notifies step 2, completes', async () => {
    await expect(flowWorkflow(input)).resolves.toBe('completed');
    expect(describeTrace(runtime.trace)).toEqual([
      'chains ep_sms,ep_chat',
      'child deliveryWorkflow notify:evt_1:ep_sms:0',
      'child deliveryWorkflow notify:evt_1:ep_chat:0',
      'block 300000',
      'chains ep_call,ep_deleted',
      'child deliveryWorkflow notify:evt_1:ep_call:2',
    ]);
  });

  it('starts each delivery with its business key, provider chain and the flow policy, abandoned on close', async () => {
    await flowWorkflow(input);
    const expected: DeliveryInput = {
      notification: { kind: 'alert', alertEventId: 'evt_1', endpointId: 'ep_sms' },
      state: initialDeliveryState({
        baseKey: 'notify:evt_1:ep_sms:0',
        chain: ['ep_sms_default', 'ep_sms_backup'],
        policy: DEFAULT_RETRY_POLICY,
      }),
    };
    expect(runtime.trace[1]).toMatchObject({ args: [expected], parentClosePolicy: 'ABANDON' });
  });

  it('stops when acknowledged during the wait', async () => {
    runtime.whenBlocked.push(() => signal('acknowledge'));

    await expect(flowWorkflow(input)).resolves.toBe('acknowledged');
    expect(describeTrace(runtime.trace).slice(3)).toEqual(['block 300000', 'signal acknowledge']);
  });

  it('stops when resolved during the wait', async () => {
    runtime.whenBlocked.push(() => signal('resolve'));

    await expect(flowWorkflow(input)).resolves.toBe('resolved');
    expect(describeTrace(runtime.trace).at(-1)).toBe('signal resolve');
  });

  it('counts a delivery that already exists under its business key as dispatched', async () => {
    runtime.startChild = async (workflowId) => {
      if (workflowId === 'notify:evt_1:ep_sms:0') {
        throw new WorkflowExecutionAlreadyStartedError('already started', workflowId, 'deliveryWorkflow');
      }
    };

    await expect(flowWorkflow(input)).resolves.toBe('completed');
  });

  it('fails when a child cannot be started for another reason', async () => {
    runtime.startChild = async () => {
      throw new Error('namespace not found');
    };

    await expect(flowWorkflow(input)).rejects.toThrow('namespace not found');
  });
});

describe('flowWorkflow', () => {
  const input: FlowInput = {
    alertEventId: 'evt_1',
    flowEndpointId: 'ep_flow',
    retryPolicy: { ...DEFAULT_RETRY_POLICY, maxAttemptsPerProvider: 1 },
    state: initialFlowState([
      { type: 'endpoint', endpointIds: ['ep_sms', 'ep_chat'] },
      { type: 'wait', duration: 5, timeUnit: 'm' },
      { type: 'endpoint', endpointIds: ['ep_email', 'ep_deleted', 'ep_flow'] },
    ]),
  };
  const routes: Record<string, EndpointRoute> = {
    ep_sms: { kind: 'deliver', chain: ['cfg_sms', 'cfg_sms_backup'], lane: 'page', ownerId: 'usr_1' },
    ep_chat: { kind: 'deliver', chain: [DIRECT_PROVIDER], lane: 'chat', ownerId: 'usr_1' },
    ep_email: { kind: 'deliver', chain: ['cfg_smtp'], lane: 'email', ownerId: 'usr_2' },
    ep_flow: { kind: 'flow', steps: [] },
  };
  const unused = async (): Promise<never> => {
    throw new Error('not called by flows');
  };
  const activitiesOver = (
    routeOf: (endpointId: string) => Promise<EndpointRoute | null>,
    people: OnCallPeople = { pagesAt: unused },
  ) =>
    createActivities({
      sender: { send: unused },
      people,
      deliveryLog: { append: unused },
      providerChains: { chainFor: unused },
      routes: { chainForKind: unused, routeOf, followUpTargets: unused },
      instances: { resolve: unused },
      shares: { sharesOf: unused },
      laneSlots: new LaneSlots({ perEndpointOwner: 2, perRule: 3, perRuleOwner: 4 }),
    });
  /** The people-step activities the flow workflow calls (the held route; the one older histories replay). */
  const usePeople = (activities: ReturnType<typeof activitiesOver>) => {
    runtime.activities.routePeopleStep = activities.routePeopleStep;
    runtime.activities.routePeopleStepHeld = activities.routePeopleStepHeld;
  };

  beforeEach(() => {
    runtime.activities.routeFlowStep = activitiesOver(
      async (endpointId) => routes[endpointId] ?? null,
    ).routeFlowStep;
  });

  it("escalates, starting each step endpoint's delivery on its lane's task queue, and skips the deleted and the flows", async () => {
    await expect(flowWorkflow(input)).resolves.toBe('completed');
    expect(describeTrace(runtime.trace)).toEqual([
      'route ep_sms#0',
      'route ep_chat#0',
      'child deliveryWorkflow notify:evt_1:ep_sms:0 on oncall',
      'child deliveryWorkflow notify:evt_1:ep_chat:0 on oncall-chat',
      'block 300000',
      'route ep_email#2',
      'route ep_deleted#2',
      'route ep_flow#2',
      'child deliveryWorkflow notify:evt_1:ep_email:2 on oncall-email',
    ]);
  });

  it("starts each delivery with the step's business key, the endpoint's chain and the flow policy, abandoned on close", async () => {
    await flowWorkflow(input);
    const expected: DeliveryInput = {
      notification: { kind: 'alert', alertEventId: 'evt_1', endpointId: 'ep_sms' },
      state: initialDeliveryState({
        baseKey: 'notify:evt_1:ep_sms:0',
        chain: ['cfg_sms', 'cfg_sms_backup'],
        policy: input.retryPolicy,
      }),
    };
    expect(runtime.trace[2]).toMatchObject({ args: [expected], parentClosePolicy: 'ABANDON' });
  });

  it('holds a step whose endpoint has no provider config, retried until one is added, while the others are paged', async () => {
    let configured = false;
    const { routeFlowStep } = activitiesOver(async (endpointId) =>
      endpointId === 'ep_email' && !configured
        ? { kind: 'unconfigured', providerKind: 'email' }
        : (routes[endpointId] ?? null),
    );
    // Temporal retries the failing activity (its policy has no attempt limit); an admin adds an
    // email provider config after the first failure.
    const failures: string[] = [];
    runtime.activities.routeFlowStep = async (request) => {
      for (;;) {
        try {
          return await routeFlowStep(request);
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
          runtime.trace.push({ op: 'signal', name: 'email provider config added' });
          configured = true;
        }
      }
    };

    await expect(flowWorkflow(input)).resolves.toBe('completed');
    expect(failures).toEqual(['No email provider config to deliver to ep_email with']);
    expect(describeTrace(runtime.trace).slice(5)).toEqual([
      'route ep_email#2',
      'route ep_deleted#2',
      'route ep_flow#2',
      'signal email provider config added',
      'child deliveryWorkflow notify:evt_1:ep_email:2 on oncall-email',
    ]);
  });

  it('repeats its steps under new business keys until acknowledged, then pages no more rounds', async () => {
    const repeating: FlowInput = {
      ...input,
      state: initialFlowState([
        { type: 'endpoint', endpointIds: ['ep_sms'] },
        { type: 'wait', duration: 5, timeUnit: 'm' },
        { type: 'repeat', rounds: 5 },
      ]),
    };
    // The first wait times out (round 1 pages); the acknowledgement arrives during the second.
    runtime.whenBlocked.push(
      () => {},
      () => signal('acknowledge'),
    );

    await expect(flowWorkflow(repeating)).resolves.toBe('acknowledged');
    expect(describeTrace(runtime.trace)).toEqual([
      'route ep_sms#0',
      'child deliveryWorkflow notify:evt_1:ep_sms:0 on oncall',
      'block 300000',
      'route ep_sms#0',
      'child deliveryWorkflow notify:evt_1:ep_sms:0:round:1 on oncall',
      'block 300000',
      'signal acknowledge',
    ]);
  });

  it('pages whoever is on call when each schedule step runs: a hand-off during the wait pages the new person', async () => {
    const handOffAt = T0 + 2 * MINUTE;
    // A schedule where usr_ana hands off to usr_ben at T0 + 2 min, each with one sms endpoint.
    const people: OnCallPeople = {
      pagesAt: async (_step, atMs) =>
        atMs < handOffAt
          ? [{ endpointId: 'ep_sms', recipient: { userId: 'usr_ana', via: 'schedule', scheduleId: 'sch_1' } }]
          : [
              {
                endpointId: 'ep_chat',
                recipient: { userId: 'usr_ben', via: 'schedule', scheduleId: 'sch_1' },
              },
            ],
    };
    usePeople(activitiesOver(async (endpointId) => routes[endpointId] ?? null, people));
    const schedule = { type: 'schedule', scheduleId: 'sch_1' } as const;
    const flow: FlowInput = {
      ...input,
      state: initialFlowState([schedule, { type: 'wait', duration: 5, timeUnit: 'm' }, schedule]),
    };

    await expect(flowWorkflow(flow)).resolves.toBe('completed');
    expect(describeTrace(runtime.trace)).toEqual([
      'page schedule#0 at 2025-01-01T00:00:00.000Z',
      'child deliveryWorkflow notify:evt_1:ep_sms:0 on oncall',
      'block 300000',
      'page schedule#2 at 2025-01-01T00:05:00.000Z',
      'child deliveryWorkflow notify:evt_1:ep_chat:2 on oncall-chat',
    ]);
    expect(runtime.trace[4]).toMatchObject({
      args: [
        {
          notification: {
            kind: 'alert',
            endpointId: 'ep_chat',
            recipient: {
              userId: 'usr_ben',
              via: 'schedule',
              scheduleId: 'sch_1',
              flowEndpointId: 'ep_flow',
              stepIndex: 2,
            },
          },
        },
      ],
    });
  });

  it('repeats a schedule step: pages the on-call person again under a round key, then stops on acknowledgement', async () => {
    usePeople(
      activitiesOver(async (endpointId) => routes[endpointId] ?? null, {
        pagesAt: async () => [
          { endpointId: 'ep_sms', recipient: { userId: 'usr_ana', via: 'schedule', scheduleId: 'sch_1' } },
        ],
      }),
    );
    const flow: FlowInput = {
      ...input,
      state: initialFlowState([
        { type: 'schedule', scheduleId: 'sch_1' },
        { type: 'wait', duration: 5, timeUnit: 'm' },
        { type: 'repeat', rounds: 1 },
      ]),
    };
    // The first wait times out (round 1 pages); the acknowledgement arrives during the second.
    runtime.whenBlocked.push(
      () => {},
      () => signal('acknowledge'),
    );

    await expect(flowWorkflow(flow)).resolves.toBe('acknowledged');
    expect(describeTrace(runtime.trace)).toEqual([
      'page schedule#0 at 2025-01-01T00:00:00.000Z',
      'child deliveryWorkflow notify:evt_1:ep_sms:0 on oncall',
      'block 300000',
      'page schedule#0 at 2025-01-01T00:05:00.000Z',
      'child deliveryWorkflow notify:evt_1:ep_sms:0:round:1 on oncall',
      'block 300000',
      'signal acknowledge',
    ]);
  });

  /** Ana's rules: chat at once, sms after 2 minutes. */
  const anaWithRules: OnCallPeople = {
    pagesAt: async () => [
      {
        endpointId: 'ep_chat',
        recipient: { userId: 'usr_ana', via: 'user', rule: { urgency: 'default', delayMinutes: 0 } },
      },
      {
        endpointId: 'ep_sms',
        recipient: { userId: 'usr_ana', via: 'user', rule: { urgency: 'default', delayMinutes: 2 } },
      },
    ],
  };

  it("holds a person's delayed rule in a workflow timer, pages it when due and stays open until then", async () => {
    usePeople(activitiesOver(async (endpointId) => routes[endpointId] ?? null, anaWithRules));
    const flow: FlowInput = { ...input, state: initialFlowState([{ type: 'user', userId: 'usr_ana' }]) };

    await expect(flowWorkflow(flow)).resolves.toBe('completed');
    expect(describeTrace(runtime.trace)).toEqual([
      'page user#0 at 2025-01-01T00:00:00.000Z',
      'child deliveryWorkflow notify:evt_1:ep_chat:0 on oncall-chat',
      'block 120000',
      'route ep_sms#0',
      'child deliveryWorkflow notify:evt_1:ep_sms:0 on oncall',
    ]);
    expect(runtime.now).toBe(T0 + 2 * MINUTE);
    const held = runtime.trace.find(
      (entry) => entry.op === 'startChild' && entry.workflowId.endsWith('ep_sms:0'),
    );
    const [delivery] = (held?.op === 'startChild' ? held.args : []) as [DeliveryInput];
    expect(delivery.notification).toMatchObject({
      recipient: { userId: 'usr_ana', rule: { delayMinutes: 2 }, flowEndpointId: flow.flowEndpointId },
    });
  });

  it('an acknowledgement before the delay ends stops the held page', async () => {
    usePeople(activitiesOver(async (endpointId) => routes[endpointId] ?? null, anaWithRules));
    const flow: FlowInput = { ...input, state: initialFlowState([{ type: 'user', userId: 'usr_ana' }]) };
    runtime.whenBlocked.push(() => signal('acknowledge'));

    await expect(flowWorkflow(flow)).resolves.toBe('acknowledged');
    expect(describeTrace(runtime.trace)).toEqual([
      'page user#0 at 2025-01-01T00:00:00.000Z',
      'child deliveryWorkflow notify:evt_1:ep_chat:0 on oncall-chat',
      'block 120000',
      'signal acknowledge',
    ]);
  });

  it('a flow replaying a history from before held pages pages every rule at once', async () => {
    runtime.replayingUnpatched = true;
    usePeople(activitiesOver(async (endpointId) => routes[endpointId] ?? null, anaWithRules));
    const flow: FlowInput = { ...input, state: initialFlowState([{ type: 'user', userId: 'usr_ana' }]) };

    await expect(flowWorkflow(flow)).resolves.toBe('completed');
    expect(
      runtime.trace
        .filter((entry) => entry.op === 'startChild')
        .map((entry) => entry.op === 'startChild' && entry.workflowId),
    ).toEqual(['notify:evt_1:ep_chat:0', 'notify:evt_1:ep_sms:0']);
  });

  it('goes straight on to the next paging step when nobody is on call, skipping the wait', async () => {
    usePeople(
      activitiesOver(async (endpointId) => routes[endpointId] ?? null, {
        pagesAt: async () => [],
      }),
    );
    const flow: FlowInput = {
      ...input,
      state: initialFlowState([
        { type: 'schedule', scheduleId: 'sch_empty' },
        { type: 'wait', duration: 5, timeUnit: 'm' },
        { type: 'endpoint', endpointIds: ['ep_sms'] },
      ]),
    };
    runtime.activities.routeFlowStep = activitiesOver(
      async (endpointId) => routes[endpointId] ?? null,
    ).routeFlowStep;

    await expect(flowWorkflow(flow)).resolves.toBe('completed');
    expect(describeTrace(runtime.trace)).toEqual([
      'page schedule#0 at 2025-01-01T00:00:00.000Z',
      'route ep_sms#2',
      'child deliveryWorkflow notify:evt_1:ep_sms:2 on oncall',
    ]);
  });

  it('keeps retrying the routing of a step endpoint, as it does bookkeeping', () => {
    const options = runtime.activityOptions.get('routeFlowStep');
    expect(options).toEqual(runtime.activityOptions.get('recordDeliveryAttempt'));
    expect(options).not.toMatchObject({ retry: { maximumAttempts: expect.anything() } });
  });
});

describe('autoResolveWorkflow', () => {
  const arm = { ruleId: 'rule_1', instance: 'db-1', autoResolveMinutes: 10, firedAt: T0 };

  beforeEach(() => {
    runtime.activities.resolveInstance = async () => {};
  });

  it('re-arms on a new fire and resolves once the moved deadline passes', async () => {
    runtime.whenBlocked.push(() => {
      runtime.now = T0 + 4 * MINUTE;
      signal('rearm', { firedAt: T0 + 4 * MINUTE });
    });

    await expect(autoResolveWorkflow({ arm })).resolves.toBe('autoResolved');
    expect(describeTrace(runtime.trace)).toEqual([
      'block 600000',
      'signal rearm',
      'block 600000', // 10 minutes from the new fire
      'resolve rule_1/db-1',
    ]);
    expect(runtime.trace.at(-1)).toMatchObject({
      input: { description: 'Alert resolved automatically', lastFiredAt: T0 + 4 * MINUTE },
    });
  });

  it('times an expiring alert (autoResolveMinutes 0) from its endsAt, moved by each re-send', async () => {
    // Prometheus re-sends a firing alert every minute with endsAt four minutes on.
    const expiring = { ruleId: 'rule_1', instance: 'db-1', autoResolveMinutes: 0, firedAt: T0 + 4 * MINUTE };
    runtime.whenBlocked.push(() => {
      runtime.now = T0 + MINUTE;
      signal('rearm', { firedAt: T0 + 5 * MINUTE });
    });

    await expect(autoResolveWorkflow({ arm: expiring })).resolves.toBe('autoResolved');
    expect(describeTrace(runtime.trace)).toEqual([
      'block 240000',
      'signal rearm',
      'block 240000', // to the new endsAt
      'resolve rule_1/db-1',
    ]);
    expect(runtime.trace.at(-1)).toMatchObject({ input: { lastFiredAt: T0 + 5 * MINUTE } });
  });

  it('keeps the pending timer when a late re-arm does not move the deadline', async () => {
    runtime.whenBlocked.push(() => {
      runtime.now = T0 + 2 * MINUTE;
      signal('rearm', { firedAt: T0 - MINUTE });
    });

    await expect(autoResolveWorkflow({ arm })).resolves.toBe('autoResolved');
    expect(describeTrace(runtime.trace)).toEqual([
      'block 600000',
      'signal rearm',
      'block 480000', // the rest of the original 10 minutes
      'resolve rule_1/db-1',
    ]);
  });

  it('cancels when the instance is resolved another way', async () => {
    runtime.whenBlocked.push(() => signal('resolve'));

    await expect(autoResolveWorkflow({ arm })).resolves.toBe('cancelled');
    expect(describeTrace(runtime.trace)).toEqual(['block 600000', 'signal resolve']);
  });

  it('continues as new with its state when Temporal suggests it', async () => {
    runtime.continueAsNewSuggested = true;

    await expect(autoResolveWorkflow({ arm })).rejects.toThrow('continued as new');
    expect(runtime.trace).toEqual([
      {
        op: 'continueAsNew',
        args: [
          {
            resume: {
              phase: 'armed',
              ruleId: 'rule_1',
              instance: 'db-1',
              autoResolveMinutes: 10,
              deadlineMs: T0 + 10 * MINUTE,
            },
          },
        ],
      },
    ]);
  });

  it('resumes a continued timer for the rest of its wait', async () => {
    runtime.now = T0 + 3 * MINUTE;
    const resume = {
      phase: 'armed',
      ruleId: 'rule_1',
      instance: 'db-1',
      autoResolveMinutes: 10,
      deadlineMs: T0 + 10 * MINUTE,
    } as const;

    await expect(autoResolveWorkflow({ resume })).resolves.toBe('autoResolved');
    expect(describeTrace(runtime.trace)).toEqual(['block 420000', 'resolve rule_1/db-1']);
  });

  it('resolves at once when resumed after its deadline', async () => {
    runtime.now = T0 + 11 * MINUTE;
    const resume = {
      phase: 'armed',
      ruleId: 'rule_1',
      instance: 'db-1',
      autoResolveMinutes: 10,
      deadlineMs: T0 + 10 * MINUTE,
    } as const;

    await expect(autoResolveWorkflow({ resume })).resolves.toBe('autoResolved');
    expect(describeTrace(runtime.trace)).toEqual(['resolve rule_1/db-1']);
  });
});
