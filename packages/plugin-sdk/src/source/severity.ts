import type { AlertSeverity } from './normalized-alert';

// The words monitoring tools put in a `severity` label or field, by the level they mean. Zabbix's
// names (average, high, disaster) and syslog's (emergency … notice) are included because users
// copy them into Prometheus and Grafana labels.
const LEVELS: Readonly<Record<string, AlertSeverity>> = {
  critical: 'critical',
  crit: 'critical',
  fatal: 'critical',
  error: 'critical',
  err: 'critical',
  high: 'critical',
  disaster: 'critical',
  emergency: 'critical',
  alert: 'critical',
  page: 'critical',
  p1: 'critical',
  warning: 'warning',
  warn: 'warning',
  average: 'warning',
  medium: 'warning',
  major: 'warning',
  minor: 'warning',
  p2: 'warning',
  p3: 'warning',
  info: 'info',
  information: 'info',
  informational: 'info',
  notice: 'info',
  low: 'info',
  debug: 'info',
  none: 'info',
  p4: 'info',
  p5: 'info',
};

/**
 * Maps a vendor's severity word to the SDK's three levels, ignoring case and surrounding space.
 * Unknown words (and absent values) give `undefined`, so the host can apply its own default
 * rather than a guess.
 *
 * @example severityFromText('Critical') // 'critical'
 * @example severityFromText('average') // 'warning'
 * @example severityFromText('sev-x') // undefined
 */
export function severityFromText(text: string | undefined): AlertSeverity | undefined {
  if (text === undefined) return undefined;
  const key = text.trim().toLowerCase();
  return Object.hasOwn(LEVELS, key) ? LEVELS[key] : undefined;
}
