/**
 * Workflow ids are business keys, so starting the same work twice (a retried request, a redelivered
 * job) finds the running execution instead of paging twice. A delivery's id doubles as the base of
 * its idempotency keys.
 *
 * @example
 * notifyWorkflowId('evt_1', 'ep_sms'); // 'notify:evt_1:ep_sms'
 * notifyWorkflowId('evt_1', 'ep_sms', 2); // 'notify:evt_1:ep_sms:2' (step 2 of a flow)
 * notifyWorkflowId('evt_1', 'ep_sms', 2, 1); // 'notify:evt_1:ep_sms:2:round:1' (its first repeat)
 * flowWorkflowId('evt_1', 'ep_flow'); // 'flow:evt_1:ep_flow'
 * autoResolveWorkflowId('rule_1', 'db-1'); // 'autoresolve:rule_1:db-1'
 * otpWorkflowId('otp_1'); // 'otp:otp_1'
 * noticeWorkflowId('ntc_1', 'ep_chat'); // 'notice:ntc_1:ep_chat'
 */
export function notifyWorkflowId(
  alertEventId: string,
  endpointId: string,
  stepIndex?: number,
  round?: number,
): string {
  const base = `notify:${alertEventId}:${endpointId}`;
  if (stepIndex === undefined) return base;
  // Round 0 keeps the ids deliveries had before flows could repeat.
  return round === undefined || round === 0 ? `${base}:${stepIndex}` : `${base}:${stepIndex}:round:${round}`;
}

export function flowWorkflowId(alertEventId: string, flowEndpointId: string): string {
  return `flow:${alertEventId}:${flowEndpointId}`;
}

export function autoResolveWorkflowId(ruleId: string, instance: string): string {
  return `autoresolve:${ruleId}:${instance}`;
}

export function otpWorkflowId(otpId: string): string {
  return `otp:${otpId}`;
}

export function noticeWorkflowId(noticeId: string, endpointId: string): string {
  return `notice:${noticeId}:${endpointId}`;
}
