import type { AnySourceDefinition } from '@oncall/plugin-sdk';
import grafana from '@oncall/source-grafana';
import pmm from '@oncall/source-pmm';
import prometheus from '@oncall/source-prometheus';
import sentry from '@oncall/source-sentry';
import splunk from '@oncall/source-splunk';
import zabbix from '@oncall/source-zabbix';

/** The source plugins shipped with the service, by the data source type whose webhooks they read. */
export const builtInSources: ReadonlyMap<string, AnySourceDefinition> = new Map(
  [grafana, pmm, prometheus, sentry, splunk, zabbix].map((plugin) => [plugin.dataSourceType, plugin]),
);
