import { type AnySourceDefinition, globMatch, type NormalizedAlert } from '@oncall/plugin-sdk';

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
 * The filters the host applies to every webhook-source rule, as stored with the rule (legacy
 * clients send `null` for an unset list, so `null` counts as unset).
 *
 * @example { dataSourceAlertName: 'HighMemoryUsage', extraField: [{ key: 'env', value: 'prod' }] } // grafana
 */
export interface RuleFilters {
  readonly dataSourceAlertName?: string | null;
  readonly extraField?: readonly ExtraFieldFilter[] | null;
}

/**
 * A rule's type-specific settings as stored: the host's filters, and whatever the source's own
 * `matches` reads.
 *
 * @example { hosts: ['db-1'], actions: [], severities: ['4', '5'] } // zabbix
 */
export type RuleSettings = RuleFilters & Readonly<Record<string, unknown>>;

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
 * - the source's own filters, when its plugin has `matches` (Zabbix: hosts, actions and
 *   severities), asked only once the two above hold.
 *
 * @example
 * matchesRule(alert, { dataSourceAlertName: 'HighMemoryUsage', extraField: [{ key: 'instance', value: 'db-*' }] }, grafana)
 */
export function matchesRule(
  alert: NormalizedAlert,
  settings: RuleSettings,
  source: Pick<AnySourceDefinition, 'matches'> = {},
): boolean {
  const wantedName = settings.dataSourceAlertName;
  if (wantedName && wantedName !== alert.name) return false;
  for (const { key, value } of settings.extraField ?? []) {
    if (key === '') continue;
    if (!fieldMatches(alert.labels, key, value) && !fieldMatches(alert.annotations, key, value)) return false;
  }
  return source.matches?.(alert, settings) ?? true;
}

function fieldMatches(fields: Readonly<Record<string, string>>, key: string, pattern: string): boolean {
  const value = Object.hasOwn(fields, key) ? fields[key] : undefined;
  return value !== undefined && globMatch(pattern, value);
}
