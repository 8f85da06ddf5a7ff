import type { DataSourceCatalog } from '@oncall/contracts';
import { type ReceiverSetup, takesWebhooks } from '@oncall/plugin-sdk';
import type { PluginRegistry } from '../plugins/plugin-registry';

/** What a client needs to offer a type in a form: its display name and whether it pushes to us. */
export interface DataSourceTypeInfo {
  type: string;
  label: string;
  /** Webhook types send alerts to `/api/v1/{type}-alert/{token}`; the others are queried by us. */
  isWebhook: boolean;
}

/** The registry's catalogs a data source is checked and shown with. */
export type DataSourcePlugins = Pick<
  PluginRegistry,
  'dataSourceTypes' | 'webhookDataSourceTypes' | 'sourceFor'
>;

/**
 * Every type the loaded source plugins serve, in the registry's order (the order forms list them
 * in), labelled with the plugin's display name.
 */
export function dataSourceTypes(plugins: DataSourcePlugins): DataSourceTypeInfo[] {
  return plugins.dataSourceTypes.map((type) => ({
    type,
    label: plugins.sourceFor(type)?.displayName ?? type,
    isWebhook: isWebhookType(plugins, type),
  }));
}

/**
 * Whether the type's source plugin takes webhooks: its data sources get an ingestion token. A type
 * no loaded plugin serves takes none.
 */
export function isWebhookType(plugins: DataSourcePlugins, type: string): boolean {
  return plugins.webhookDataSourceTypes.includes(type);
}

/**
 * The receiver setups (`receivers[].setup`) the loaded plugins declare, one per field in registry
 * order; with `type`, only that type's plugin's own. A data source's read has a field for each.
 */
export function receiverSetups(plugins: DataSourcePlugins, type?: string): ReceiverSetup[] {
  const setups = new Map<string, ReceiverSetup>();
  for (const each of type === undefined ? plugins.dataSourceTypes : [type]) {
    const plugin = plugins.sourceFor(each);
    if (!plugin || !takesWebhooks(plugin)) continue;
    for (const receiver of plugin.receivers ?? []) {
      if (receiver.setup && !setups.has(receiver.setup.field))
        setups.set(receiver.setup.field, receiver.setup);
    }
  }
  return [...setups.values()];
}

/**
 * The data-source catalog the faces build their schemas from (see `dataSourceSchemas` in the
 * contracts): the types, those the legacy rule form's pick list offers (a plugin's
 * `legacyRuleFormPick`), and the receiver setups a data source's read shows.
 */
export function dataSourceCatalog(plugins: DataSourcePlugins): DataSourceCatalog {
  return {
    types: plugins.dataSourceTypes,
    ruleFormTypes: plugins.dataSourceTypes.filter(
      (type) => plugins.sourceFor(type)?.legacyRuleFormPick !== false,
    ),
    receiverSetups: receiverSetups(plugins),
  };
}
