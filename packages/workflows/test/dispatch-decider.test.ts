import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  type DispatchCommand,
  type DispatchFacts,
  type DispatchRoutes,
  decideDispatch,
  type EndpointRoute,
  initialDeliveryState,
  initialFlowState,
  OTP_RETRY_POLICY,
  otpDelivery,
  type RetryPolicy,
  readDispatchFacts,
} from '../src/index';

const flowPolicy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, maxAttemptsPerProvider: 1 };
const steps = [{ type: 'endpoint', endpointIds: ['ep_sms'] }] as const;

const routes = {
  sms: { kind: 'deliver', chain: ['cfg_sms', 'cfg_sms_backup'], lane: 'page', ownerId: 'usr_1' },
  email: { kind: 'deliver', chain: ['cfg_smtp'], lane: 'email', ownerId: 'usr_1' },
  chat: { kind: 'deliver', chain: ['direct'], lane: 'chat', ownerId: 'usr_2' },
  unconfigured: { kind: 'unconfigured', providerKind: 'call' },
  flow: { kind: 'flow', steps },
} as const satisfies Record<string, EndpointRoute>;

const notify = {
  type: 'notify',
  alertEventId: 'evt_1',
  endpointId: 'ep_1',
  policy: DEFAULT_RETRY_POLICY,
} as const;
const step = {
  type: 'flowStep',
  alertEventId: 'evt_1',
  endpointId: 'ep_1',
  stepIndex: 2,
  policy: flowPolicy,
} as const;
const notice = {
  type: 'notice',
  noticeId: 'ntc_1',
  endpointId: 'ep_1',
  policy: DEFAULT_RETRY_POLICY,
} as const;
const otp = { type: 'otp', otpId: 'otp_1', channel: 'sms', policy: OTP_RETRY_POLICY } as const;

function alertDelivery(key: string, route: Extract<EndpointRoute, { kind: 'deliver' }>, policy: RetryPolicy) {
  return {
    type: 'deliver',
    key,
    input: {
      notification: { kind: 'alert', alertEventId: 'evt_1', endpointId: 'ep_1' },
      state: initialDeliveryState({ baseKey: key, chain: route.chain, policy }),
    },
    lane: route.lane,
    ownerId: route.ownerId,
  } as const;
}

describe('decideDispatch', () => {
  const table: Array<[string, DispatchFacts, DispatchCommand]> = [
    [
      'a notice goes to its chat endpoint on the chat lane, under its notice key',
      { ...notice, route: routes.chat },
      {
        type: 'deliver',
        key: 'notice:ntc_1:ep_1',
        input: {
          notification: { kind: 'notice', noticeId: 'ntc_1', endpointId: 'ep_1' },
          state: initialDeliveryState({
            baseKey: 'notice:ntc_1:ep_1',
            chain: routes.chat.chain,
            policy: DEFAULT_RETRY_POLICY,
          }),
        },
        lane: 'chat',
        ownerId: 'usr_2',
      },
    ],
    [
      'a notice to a flow endpoint is dropped: a flow is not a chat',
      { ...notice, route: routes.flow },
      { type: 'drop' },
    ],
    ['a notice to a deleted endpoint is dropped', { ...notice, route: null }, { type: 'drop' }],
    [
      'an OTP goes out as a page through its channel chain, under its OTP key',
      { ...otp, chain: ['cfg_sms'] },
      {
        type: 'deliver',
        key: 'otp:otp_1',
        input: otpDelivery({ otpId: 'otp_1', channel: 'sms', chain: ['cfg_sms'], policy: OTP_RETRY_POLICY }),
        lane: 'page',
      },
    ],
    [
      'an OTP whose channel has no provider config fails',
      { ...otp, chain: null },
      { type: 'fail', unconfigured: 'sms', target: 'OTP otp_1' },
    ],
    [
      'a notify of an sms endpoint is a page',
      { ...notify, route: routes.sms, followUp: null },
      alertDelivery('notify:evt_1:ep_1', routes.sms, DEFAULT_RETRY_POLICY),
    ],
    [
      'a notify of an email endpoint goes on the email lane',
      { ...notify, route: routes.email, followUp: null },
      alertDelivery('notify:evt_1:ep_1', routes.email, DEFAULT_RETRY_POLICY),
    ],
    [
      'a notify of a chat endpoint goes on the chat lane',
      { ...notify, route: routes.chat, followUp: null },
      alertDelivery('notify:evt_1:ep_1', routes.chat, DEFAULT_RETRY_POLICY),
    ],
    [
      'a notify of an endpoint whose kind has no provider config fails',
      { ...notify, route: routes.unconfigured, followUp: null },
      { type: 'fail', unconfigured: 'call', target: 'ep_1' },
    ],
    [
      'a notify of a deleted endpoint is dropped',
      { ...notify, route: null, followUp: null },
      { type: 'drop' },
    ],
    [
      'a page sent to a flow starts the flow with the alert policy',
      { ...notify, route: routes.flow, followUp: null },
      {
        type: 'startFlow',
        key: 'flow:evt_1:ep_1',
        input: {
          alertEventId: 'evt_1',
          flowEndpointId: 'ep_1',
          state: initialFlowState(steps),
          retryPolicy: DEFAULT_RETRY_POLICY,
        },
      },
    ],
    [
      "a follow-up sent to a flow notifies the steps it paged, under their direct notify's keys",
      { ...notify, route: routes.flow, followUp: ['ep_a', 'ep_b'] },
      {
        type: 'notifyEach',
        alertEventId: 'evt_1',
        targets: [
          { endpointId: 'ep_a', key: 'notify:evt_1:ep_a' },
          { endpointId: 'ep_b', key: 'notify:evt_1:ep_b' },
        ],
      },
    ],
    [
      'a follow-up sent to a flow that paged nobody yet notifies nobody',
      { ...notify, route: routes.flow, followUp: [] },
      { type: 'notifyEach', alertEventId: 'evt_1', targets: [] },
    ],
    [
      "a flow step's sms endpoint is a page under the step's key, with the flow's policy",
      { ...step, route: routes.sms },
      alertDelivery('notify:evt_1:ep_1:2', routes.sms, flowPolicy),
    ],
    [
      "a flow step's email endpoint goes on the email lane",
      { ...step, route: routes.email },
      alertDelivery('notify:evt_1:ep_1:2', routes.email, flowPolicy),
    ],
    [
      "a flow step's chat endpoint goes on the chat lane",
      { ...step, route: routes.chat },
      alertDelivery('notify:evt_1:ep_1:2', routes.chat, flowPolicy),
    ],
    [
      "a flow step's endpoint whose kind has no provider config fails, as a direct notify does",
      { ...step, route: routes.unconfigured },
      { type: 'fail', unconfigured: 'call', target: 'ep_1' },
    ],
    ["a flow step's deleted endpoint is dropped", { ...step, route: null }, { type: 'drop' }],
    ['a flow inside a flow is dropped', { ...step, route: routes.flow }, { type: 'drop' }],
  ];

  it.each(table)('%s', (_name, facts, command) => {
    expect(decideDispatch(facts)).toEqual(command);
  });
});

describe('readDispatchFacts', () => {
  function recordingRoutes(route: EndpointRoute | null, followUp: string[] | null) {
    const reads: string[] = [];
    const dispatchRoutes: DispatchRoutes = {
      chainForKind: async (kind) => {
        reads.push(`chainForKind ${kind}`);
        return ['cfg_sms'];
      },
      routeOf: async (endpointId) => {
        reads.push(`routeOf ${endpointId}`);
        return route;
      },
      followUpTargets: async (alertEventId, endpointId) => {
        reads.push(`followUpTargets ${alertEventId} ${endpointId}`);
        return followUp;
      },
    };
    return { reads, dispatchRoutes };
  }

  it("reads an OTP's channel chain", async () => {
    const { reads, dispatchRoutes } = recordingRoutes(null, null);
    await expect(readDispatchFacts(otp, dispatchRoutes)).resolves.toEqual({ ...otp, chain: ['cfg_sms'] });
    expect(reads).toEqual(['chainForKind sms']);
  });

  it('asks whether an event is a follow-up only for a flow endpoint', async () => {
    const flow = recordingRoutes(routes.flow, ['ep_a']);
    await expect(readDispatchFacts(notify, flow.dispatchRoutes)).resolves.toEqual({
      ...notify,
      route: routes.flow,
      followUp: ['ep_a'],
    });
    expect(flow.reads).toEqual(['routeOf ep_1', 'followUpTargets evt_1 ep_1']);

    const sms = recordingRoutes(routes.sms, ['ep_a']);
    await expect(readDispatchFacts(notify, sms.dispatchRoutes)).resolves.toEqual({
      ...notify,
      route: routes.sms,
      followUp: null,
    });
    expect(sms.reads).toEqual(['routeOf ep_1']);
  });

  it("reads a flow step endpoint's route only", async () => {
    const { reads, dispatchRoutes } = recordingRoutes(routes.chat, null);
    await expect(readDispatchFacts(step, dispatchRoutes)).resolves.toEqual({ ...step, route: routes.chat });
    expect(reads).toEqual(['routeOf ep_1']);
  });
});
