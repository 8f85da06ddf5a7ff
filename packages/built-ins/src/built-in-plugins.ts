import bale from '@oncall/channel-bale';
import callProviderOne from '@oncall/channel-call-providerone';
import emailSmtp from '@oncall/channel-email-smtp';
import mattermost from '@oncall/channel-mattermost';
import smsProviderOne from '@oncall/channel-sms-providerone';
import teams from '@oncall/channel-teams';
import telegram from '@oncall/channel-telegram';
import { loadPlugins, type PluginDefinitions, type PluginPackages, type PluginRegistry } from '@oncall/core';
import elastic from '@oncall/source-elastic';
import grafana from '@oncall/source-grafana';
import heartbeat from '@oncall/source-heartbeat';
import metabase from '@oncall/source-metabase';
import pmm from '@oncall/source-pmm';
import prometheus from '@oncall/source-prometheus';
import sentry from '@oncall/source-sentry';
import splunk from '@oncall/source-splunk';
import victoriaLogs from '@oncall/source-victoria-logs';
import zabbix from '@oncall/source-zabbix';

/**
 * The plugins the service ships, the one list the server and the Temporal worker load. Adding a
 * built-in is its package (a dependency of this one) plus one line here. The order is the order
 * of the registry's catalogs, and so of the types error texts list: endpoint types sms, call,
 * email, telegram, bale, teams, matter-most; data-source types prometheus, grafana, pmm, sentry,
 * splunk, metabase, zabbix, elastic, victoria_logs (heartbeat rules connect to none); rule types as the contract has always listed them.
 */
export const BUILT_IN_PLUGINS: PluginDefinitions = {
  channels: [smsProviderOne, callProviderOne, emailSmtp, telegram, bale, teams, mattermost],
  sources: [prometheus, grafana, pmm, sentry, splunk, metabase, zabbix, elastic, victoriaLogs, heartbeat],
};

/**
 * The plugin registry: the built-ins plus the packages named in `CHANNEL_PLUGINS` and
 * `SOURCE_PLUGINS`. Each process loads it once at start and shares it between its core and its
 * engine; fails naming the package that cannot be used.
 *
 * @example const plugins = await loadPluginRegistry(config.plugins);
 */
export function loadPluginRegistry(packages: PluginPackages = {}): Promise<PluginRegistry> {
  return loadPlugins({ builtIns: BUILT_IN_PLUGINS, ...packages });
}
