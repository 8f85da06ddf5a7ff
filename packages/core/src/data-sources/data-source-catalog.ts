import { DATA_SOURCE_TYPES, type DataSourceType } from '../entities/data-source.entity';

/** What a client needs to offer a type in a form: its display name and whether it pushes to us. */
export interface DataSourceTypeInfo {
  type: DataSourceType;
  label: string;
  /** Webhook types send alerts to `/api/v1/{type}-alert/{token}`; the others are queried by us. */
  isWebhook: boolean;
}

const CATALOG: Record<DataSourceType, Omit<DataSourceTypeInfo, 'type'>> = {
  prometheus: { label: 'Prometheus', isWebhook: false },
  grafana: { label: 'Grafana', isWebhook: true },
  pmm: { label: 'Percona Monitoring and Management', isWebhook: true },
  sentry: { label: 'Sentry', isWebhook: true },
  splunk: { label: 'Splunk', isWebhook: true },
  metabase: { label: 'Metabase', isWebhook: false },
  zabbix: { label: 'Zabbix', isWebhook: true },
  elastic: { label: 'Elasticsearch', isWebhook: false },
  victoria_logs: { label: 'VictoriaLogs', isWebhook: false },
};

export function isWebhookType(type: DataSourceType): boolean {
  return CATALOG[type].isWebhook;
}

/** Every type in the entity's order (the order forms list them in). */
export function dataSourceTypes(): DataSourceTypeInfo[] {
  return DATA_SOURCE_TYPES.map((type) => ({ type, ...CATALOG[type] }));
}
