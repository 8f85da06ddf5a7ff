import { createHash } from 'node:crypto';
import type { SourceAlert } from './normalized-alert';

/**
 * A fingerprint made of the given parts: hex sha256 of their JSON array, so that `['a b', 'c']`
 * and `['a', 'b c']` differ (plain concatenation would merge them). For plugins' `fingerprint`
 * hooks that pick their own identifying fields.
 *
 * @example fingerprintOf('splunk', 'search', 'admin', 'Disk full', 'web-1') // '5f0c…' (64 hex digits)
 */
export function fingerprintOf(...parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * The fingerprint of an alert whose payload carries none and whose plugin has no `fingerprint`
 * hook: the name and the labels sorted by key, so label order in the payload does not matter.
 *
 * @example defaultFingerprint({ name: 'DiskFull', labels: { host: 'db-1' } }) === defaultFingerprint({ name: 'DiskFull', labels: { host: 'db-1' } })
 */
export function defaultFingerprint(alert: Pick<SourceAlert, 'name' | 'labels'>): string {
  const labels = Object.entries(alert.labels)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flat();
  return fingerprintOf(alert.name, ...labels);
}
