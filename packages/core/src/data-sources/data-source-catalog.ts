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
