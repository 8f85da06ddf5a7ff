import { type AlertRuleTypeCatalog, HOST_RULE_TYPE_FIELDS, type RuleTypeFields } from '@oncall/contracts';
import { defaultRuleFields } from '@oncall/plugin-sdk';
import type { PluginRegistry } from '../plugins/plugin-registry';

/**
 * Every rule type the service offers, with what a rule of each stores, for the use cases and the
 * faces to check rules with. In the registry's order: the host's `api` and `notification`, then
 * each source's data-source type with its plugin's `ruleFields` (`defaultRuleFields` for a plugin
 * that declares none). A type no loaded plugin serves is not offered.
 *
 * @example
 * alertRuleTypeCatalog(await loadPluginRegistry({ sourcePackages: ['@acme/oncall-source-uptime-kuma'] })).keys()
 * // api, notification, prometheus, grafana, pmm, sentry, splunk, metabase, zabbix, elastic, victoria_logs, uptime_kuma
 */
export function alertRuleTypeCatalog(plugins: PluginRegistry): AlertRuleTypeCatalog {
  return new Map(
    plugins.ruleTypes.map((type): [string, RuleTypeFields] => [
      type,
      HOST_RULE_TYPE_FIELDS.get(type) ?? plugins.sourceFor(type)?.ruleFields ?? defaultRuleFields,
    ]),
  );
}

/**
 * The rule types whose data sources list the alert rules defined in them
 * (`GET /alert-rule/create-data/rules`): those whose source has `listRules`.
 *
 * @example externalRuleTypes(plugins) // ['prometheus', 'grafana']
 */
export function externalRuleTypes(plugins: PluginRegistry): string[] {
  return plugins.ruleTypes.filter((type) => plugins.sourceFor(type)?.listRules !== undefined);
}

/** Whether a rule of the type names one data source (`dataSourceId`) rather than a list. */
export function isSingleSource(catalog: AlertRuleTypeCatalog, type: string): boolean {
  return catalog.get(type)?.singleSource === true;
}
