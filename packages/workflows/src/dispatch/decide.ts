import { initialDeliveryState } from '../delivery/initial-state';
import { otpDelivery } from '../delivery/otp';
import type { RetryPolicy } from '../delivery/retry-policy';
import { initialFlowState } from '../flow/initial-state';
import { flowWorkflowId, noticeWorkflowId, notifyWorkflowId, otpWorkflowId } from '../ids';
import type { Recipient } from '../notification';
import type {
  DispatchCommand,
  DispatchFacts,
  EndpointRoute,
  FlowStepCommand,
  FlowStepFacts,
  NoticeFacts,
  NotifyFacts,
  OtpFacts,
} from './types';

/**
 * Routes one request, the same way on both drivers: they only carry the command out (a job, a
 * workflow start, a child workflow). A missing provider config fails visibly wherever it is met,
 * and every delivery runs on its endpoint's lane, a flow step's included.
 *
 * @example
 * decideDispatch({ type: 'notify', alertEventId: 'evt_1', endpointId: 'ep_sms', policy, route: null, followUp: null });
 * // { type: 'drop' }: the endpoint was deleted
 */
export function decideDispatch(facts: FlowStepFacts): FlowStepCommand;
export function decideDispatch(facts: DispatchFacts): DispatchCommand;
export function decideDispatch(facts: DispatchFacts): DispatchCommand {
  switch (facts.type) {
    case 'otp':
      return decideOtp(facts);
    case 'notify':
      return decideNotify(facts);
    case 'notice':
      return decideNotice(facts);
    case 'flowStep':
      return decideFlowStep(facts);
  }
}

// Every OTP is a page: someone is waiting for the code, whatever its channel.
function decideOtp({ otpId, channel, chain, policy }: OtpFacts): DispatchCommand {
  if (chain === null) return { type: 'fail', unconfigured: channel, target: `OTP ${otpId}` };
  return {
    type: 'deliver',
    key: otpWorkflowId(otpId),
    input: otpDelivery({ otpId, channel, chain, policy }),
    lane: 'page',
  };
}

function decideNotify({ alertEventId, endpointId, route, followUp, policy }: NotifyFacts): DispatchCommand {
  if (route === null) return { type: 'drop' };
  if (route.kind === 'unconfigured')
    return { type: 'fail', unconfigured: route.providerKind, target: endpointId };
  if (route.kind === 'flow') {
    // A follow-up (resolve, acknowledge) runs no flow: it is news only to the step endpoints the
    // episode paged, under a direct notify's key, so an endpoint also attached directly hears it once.
    if (followUp !== null) {
      const targets = followUp.map((target) => ({
        endpointId: target,
        key: notifyWorkflowId(alertEventId, target),
      }));
      return { type: 'notifyEach', alertEventId, targets };
    }
    const input = {
      alertEventId,
      flowEndpointId: endpointId,
      state: initialFlowState(route.steps),
      retryPolicy: policy,
    };
    return { type: 'startFlow', key: flowWorkflowId(alertEventId, endpointId), input };
  }
  return deliverAlert(notifyWorkflowId(alertEventId, endpointId), alertEventId, endpointId, route, policy);
}

// A notice goes to its endpoint like a direct page; a flow endpoint is not a chat, so it is dropped.
function decideNotice({ noticeId, endpointId, route, policy }: NoticeFacts): DispatchCommand {
  if (route === null || route.kind === 'flow') return { type: 'drop' };
  if (route.kind === 'unconfigured')
    return { type: 'fail', unconfigured: route.providerKind, target: endpointId };
  const key = noticeWorkflowId(noticeId, endpointId);
  return {
    type: 'deliver',
    key,
    input: {
      notification: { kind: 'notice', noticeId, endpointId },
      state: initialDeliveryState({ baseKey: key, chain: route.chain, policy }),
    },
    lane: route.lane,
    ownerId: route.ownerId,
  };
}

function decideFlowStep({
  alertEventId,
  endpointId,
  stepIndex,
  round,
  route,
  policy,
  recipient,
}: FlowStepFacts): FlowStepCommand {
  // A deleted endpoint, or a flow inside a flow, is skipped.
  if (route === null || route.kind === 'flow') return { type: 'drop' };
  if (route.kind === 'unconfigured')
    return { type: 'fail', unconfigured: route.providerKind, target: endpointId };
  return deliverAlert(
    notifyWorkflowId(alertEventId, endpointId, stepIndex, round),
    alertEventId,
    endpointId,
    route,
    policy,
    recipient,
  );
}

function deliverAlert(
  key: string,
  alertEventId: string,
  endpointId: string,
  route: Extract<EndpointRoute, { kind: 'deliver' }>,
  policy: RetryPolicy,
  recipient?: Recipient,
): Extract<DispatchCommand, { type: 'deliver' }> {
  return {
    type: 'deliver',
    key,
    input: {
      notification: { kind: 'alert', alertEventId, endpointId, ...(recipient ? { recipient } : {}) },
      state: initialDeliveryState({ baseKey: key, chain: route.chain, policy }),
    },
    lane: route.lane,
    ownerId: route.ownerId,
  };
}
