import type { AlertSignal } from '@oncall/core';

/** The alert instance of a heartbeat: its instance key, or `heartbeat` for the rule's own. */
export function heartbeatInstanceName(instance: string): string {
  return instance === '' ? 'heartbeat' : instance;
}

/**
 * The signal that fires a heartbeat's alert instance (critical: a job that stopped is an outage
 * of what it does) or resolves it. One fingerprint per instance key, so each instance has its
 * own episode, deduplicated like any other alert.
 *
 * @example heartbeatSignal('fire', { instance: 'host-1', reason: 'No ping since …' })
 */
export function heartbeatSignal(
  what: 'fire' | 'resolve',
  facts: { instance: string; reason: string; exitStatus?: number | null; runId?: string | null },
): AlertSignal {
  const instance = heartbeatInstanceName(facts.instance);
  const details: Record<string, unknown> = {};
  if (facts.exitStatus !== undefined && facts.exitStatus !== null) details.exitStatus = facts.exitStatus;
  if (facts.runId) details.runId = facts.runId;
  return {
    fingerprint: `heartbeat:${facts.instance}`,
    alertname: 'heartbeat',
    instance,
    state: what === 'fire' ? 'critical' : 'resolved',
    kind: what === 'fire' ? 'fired' : 'resolved',
    description: facts.reason,
    summary: facts.reason,
    labels: { alertname: 'heartbeat', instance },
    details,
  };
}
