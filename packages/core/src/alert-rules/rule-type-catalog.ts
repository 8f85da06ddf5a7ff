import { type AlertRuleTypeCatalog, BUILT_IN_RULE_TYPE_FIELDS, type RuleTypeFields } from '@oncall/contracts';
import { defaultRuleFields } from '@oncall/plugin-sdk';
import type { PluginRegistry } from '../plugins/plugin-registry';

/**
 * The rule types whose data sources list their alert rules as the contract has always had them,
 * accepted even when their plugin lacks `listRules` (the list then answers a 422 saying so).
 */
const CONTRACT_EXTERNAL_RULE_TYPES: ReadonlySet<string> = new Set(['prometheus', 'grafana']);

/**
 * Every rule type the service offers, with what a rule of each stores, for the use cases and the
 * faces to check rules with. In the registry's order: the host's `api` and `notification`, then
 * each source's data-source type with its plugin's `ruleFields` (the contract's shape for a
 * built-in type whose plugin declares none, else `defaultRuleFields`). A type of the contract's
 * list that no loaded plugin serves keeps its contract shape, at its place in that list: the
 * query-only types, which have no plugins yet, and every source type of a core without plugins.
 *
 * @example
 * alertRuleTypeCatalog(await loadPluginRegistry({ sourcePackages: ['@acme/oncall-source-uptime-kuma'] })).keys()
 * // api, notification, prometheus, grafana, pmm, sentry, splunk, metabase, zabbix, elastic, victoria_logs, uptime_kuma
 */
export function alertRuleTypeCatalog(plugins: PluginRegistry): AlertRuleTypeCatalog {
  const served = plugins.ruleTypes.map((type): [string, RuleTypeFields] => [
    type,
    plugins.sourceFor(type)?.ruleFields ?? BUILT_IN_RULE_TYPE_FIELDS.get(type) ?? defaultRuleFields,
  ]);
  return new Map(withContractTypes(served));
}

/** Adds each contract type missing from `served` right after the contract type before it. */
function withContractTypes(served: readonly [string, RuleTypeFields][]): [string, RuleTypeFields][] {
  const merged = [...served];
  let next = 0;
  for (const [type, fields] of BUILT_IN_RULE_TYPE_FIELDS) {
    const at = merged.findIndex(([known]) => known === type);
    if (at >= 0) {
      next = at + 1;
    } else {
      merged.splice(next, 0, [type, fields]);
      next += 1;
    }
  }
  return merged;
}

/**
 * The rule types whose data sources list the alert rules defined in them
 * (`GET /alert-rule/create-data/rules`): those whose source has `listRules`, and Prometheus and
 * Grafana, which the contract has always listed.
 *
 * @example externalRuleTypes(plugins) // ['prometheus', 'grafana']
 */
export function externalRuleTypes(plugins: PluginRegistry): string[] {
  return [...alertRuleTypeCatalog(plugins).keys()].filter(
    (type) => CONTRACT_EXTERNAL_RULE_TYPES.has(type) || plugins.sourceFor(type)?.listRules !== undefined,
  );
}

/** Whether a rule of the type names one data source (`dataSourceId`) rather than a list. */
export function isSingleSource(catalog: AlertRuleTypeCatalog, type: string): boolean {
  return catalog.get(type)?.singleSource === true;
}
