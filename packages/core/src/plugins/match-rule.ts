import { globMatch, type SourceAlert } from '@oncall/plugin-sdk';

/**
 * One `extraField` row of a rule: the label or annotation `key` must exist on the alert with a
 * value matching `value`, where `*` is a wildcard (see {@link globMatch}).
 *
 * @example { key: 'team', value: 'db-*' }
 */
export interface ExtraFieldFilter {
  readonly key: string;
  readonly value: string;
}

/**
 * The filters of a webhook-source rule, as stored with the rule (legacy clients send `null` for
 * an unset list, so `null` counts as unset).
 *
 * @example { dataSourceAlertName: 'HighMemoryUsage', extraField: [{ key: 'env', value: 'prod' }] } // grafana
 * @example { hosts: ['db-1'], actions: [], severities: ['4', '5'] } // zabbix
 */
export interface RuleFilters {
  readonly dataSourceAlertName?: string | null;
  readonly extraField?: readonly ExtraFieldFilter[] | null;
  readonly hosts?: readonly string[] | null;
  readonly actions?: readonly string[] | null;
  readonly severities?: readonly string[] | null;
}

/**
 * Whether an alert from a data source belongs to a rule that lists that data source. Every filter
 * that is set must hold:
 *
 * - `dataSourceAlertName`: equal to the alert's `name`, exactly (case and spaces count). Unset or
 *   `""` means any name: Zabbix rules have none, and a rule may want everything from a source.
 * - `extraField`: every row matches the alert's label `key`, or else its annotation `key`, as a
 *   whole-value `*` glob, case-sensitively. A key the alert lacks never matches, not even `*`
 *   (so `{key: 'team', value: '*'}` means "has a team label"). Rows with an empty key are
 *   ignored: forms send an empty row for "no filter".
 * - `hosts`, `actions`, `severities` (Zabbix): the alert's `details.host`, `details.action`,
 *   `details.severity` ('0'..'5') is one of the listed values, exactly. Empty or unset means any.
 *
 * @example
 * matchesRule(alert, { dataSourceAlertName: 'HighMemoryUsage', extraField: [{ key: 'instance', value: 'db-*' }] })
 */
export function matchesRule(
  alert: Pick<SourceAlert, 'name' | 'labels' | 'annotations' | 'details'>,
  filters: RuleFilters,
): boolean {
  const wantedName = filters.dataSourceAlertName;
  if (wantedName && wantedName !== alert.name) return false;
  for (const { key, value } of filters.extraField ?? []) {
    if (key === '') continue;
    if (!fieldMatches(alert.labels, key, value) && !fieldMatches(alert.annotations, key, value)) return false;
  }
  return (
    oneOf(filters.hosts, alert.details.host) &&
    oneOf(filters.actions, alert.details.action) &&
    oneOf(filters.severities, alert.details.severity)
  );
}

function fieldMatches(fields: Readonly<Record<string, string>>, key: string, pattern: string): boolean {
  const value = Object.hasOwn(fields, key) ? fields[key] : undefined;
  return value !== undefined && globMatch(pattern, value);
}

function oneOf(allowed: readonly string[] | null | undefined, value: string | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  return value !== undefined && allowed.includes(value);
}
