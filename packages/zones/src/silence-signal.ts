import type { AlertSignal } from '@oncall/core';

/**
 * The signal that fires (critical: a zone the main cannot hear may be paging nobody) or resolves a
 * zone's silence alert. One fingerprint per zone, so each silence is its own episode.
 */
export function silenceSignal(
  what: 'fire' | 'resolve',
  zone: { id: string; name: string },
  reason: string,
): AlertSignal {
  return {
    fingerprint: `zone-silent:${zone.id}`,
    alertname: 'zone silent',
    instance: zone.name,
    state: what === 'fire' ? 'critical' : 'resolved',
    kind: what === 'fire' ? 'fired' : 'resolved',
    description: reason,
    summary: reason,
    labels: { alertname: 'zone silent', zone: zone.name },
    details: {},
  };
}
