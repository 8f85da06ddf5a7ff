import type { MikroORM } from '@mikro-orm/core';
import { queryRows } from '../persistence/query-rows';
import type { PluginRegistry } from './plugin-registry';

/**
 * A type stored in a column that no loaded plugin (nor the host) serves, with how many rows have
 * it: say, data sources of type `uptime_kuma` once `SOURCE_PLUGINS` no longer names the package.
 * The rows stay stored, but what needs the plugin does not happen (a delivery to such an endpoint,
 * a webhook to such a data source).
 *
 * @example { column: 'data_sources.type', type: 'uptime_kuma', rows: 2 }
 */
export interface UnservedType {
  readonly column: string;
  readonly type: string;
  readonly rows: number;
}

/** A column holding a plugin-served type, and the catalog of the types that serve it. */
interface TypedColumn {
  readonly table: string;
  readonly column: string;
  readonly served: (plugins: PluginRegistry) => readonly string[];
}

const TYPED_COLUMNS: readonly TypedColumn[] = [
  { table: 'endpoints', column: 'type', served: (plugins) => plugins.endpointTypes },
  { table: 'provider_configs', column: 'kind', served: (plugins) => plugins.providerKinds },
  { table: 'data_sources', column: 'type', served: (plugins) => plugins.dataSourceTypes },
  { table: 'alert_rules', column: 'type', served: (plugins) => plugins.ruleTypes },
];

/**
 * The stored types the loaded plugins do not serve, for a warning at start: a plugin package left
 * out of config, or a type whose plugin does not exist yet. One grouped scan per table.
 *
 * @example
 * for (const unserved of await findUnservedTypes(orm, plugins)) logger.warn(unserved, 'no plugin serves this type');
 */
export async function findUnservedTypes(orm: MikroORM, plugins: PluginRegistry): Promise<UnservedType[]> {
  const unserved: UnservedType[] = [];
  for (const { table, column, served } of TYPED_COLUMNS) {
    const known = new Set(served(plugins));
    const counts = await queryRows<{ type: string; rows: number }>(
      orm.em.fork(),
      `select ${column}::text as type, count(*)::int as rows from ${table} group by 1 order by 1`,
    );
    for (const { type, rows } of counts) {
      if (!known.has(type)) unserved.push({ column: `${table}.${column}`, type, rows });
    }
  }
  return unserved;
}
