import { createHash } from 'node:crypto';
import type { NormalizedAlert } from '@oncall/plugin-sdk';
import type { AlertSignal } from './alert-signal';

/** Vendor fingerprints are usually short; a long one is hashed so it fits the indexed column. */
export function storedFingerprint(fingerprint: string): string {
  return fingerprint.length <= 200 ? fingerprint : createHash('sha256').update(fingerprint).digest('hex');
}

/** API senders are held to 255 characters by validation; vendors are not, so their names are cut to fit. */
const MAX_ALERTNAME = 255;

/**
 * What a source plugin's alert (from a webhook, a poll or an evaluation) says of its instance:
 * a fire (critical, or warning for a `warning` severity) or a resolve, keyed by its fingerprint.
 */
export function signalOfAlert(alert: NormalizedAlert): AlertSignal {
  const firing = alert.status === 'firing';
  return {
    fingerprint: storedFingerprint(alert.fingerprint),
    alertname: alert.name.slice(0, MAX_ALERTNAME),
    instance: alert.instance ?? alert.name,
    state: firing ? (alert.severity === 'warning' ? 'warning' : 'critical') : 'resolved',
    kind: firing ? 'fired' : 'resolved',
    description: alert.description ?? null,
    summary: alert.summary ?? null,
    labels: { ...alert.labels },
    details: { ...alert.details, ...(alert.link ? { link: alert.link } : {}) },
    // The summary again, as this change said it: the instance keeps the one its episode opened with.
    payload: {
      annotations: alert.annotations,
      summary: alert.summary ?? null,
      startsAt: alert.startsAt ?? null,
      endsAt: alert.endsAt ?? null,
    },
  };
}
