import type { MikroORM } from '@mikro-orm/core';
import type { QueryValidation } from '@oncall/plugin-sdk';
import type { SecretBox } from '../crypto/secret-box';
import { queriedDataSource } from '../data-sources/query-target';
import { DataSource } from '../entities/data-source.entity';
import { validationFailed } from '../errors/domain-error';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { DataSourceQuerier, DataSourceQueryResult } from '../ports/data-source-querier';
import { isEvaluatedRule } from '../scheduled-checks/rule-evaluator';

/** A save waits no longer than this for a source to check a query: the rule is saved either way. */
export const QUERY_VALIDATION_TIMEOUT_MS = 3_000;
/** At most this many of a rule's data sources are asked. */
const MAX_SOURCES = 5;

/**
 * Something a save did not stop at but the caller should know (`query_not_validated`: no data
 * source could check the query, so its runs will tell whether it works).
 *
 * @example { code: 'query_not_validated', message: 'The data source "prod" could not check the query: connect ECONNREFUSED.' }
 */
export interface SaveWarning {
  code: 'query_not_validated';
  message: string;
}

/**
 * Before a rule the service evaluates is saved, asks its data sources (those it names, else every
 * one of its type, as a run would) whether its query can ever run, through the source plugin's
 * `validateQuery` hook, each within a few seconds. A query a source refuses is a 422 at the field
 * the plugin names, with the source's own message; a source that cannot be asked gives a warning,
 * and the rule is saved (the scheduled check then reports the failing runs).
 */
export class QueryValidator {
  constructor(
    private readonly deps: {
      orm: MikroORM;
      plugins: PluginRegistry;
      secretBox: SecretBox;
      querier: DataSourceQuerier;
    },
  ) {}

  /** Throws `validation_failed` for a refused query; answers the warnings otherwise. */
  async check(
    type: string,
    settings: Readonly<Record<string, unknown>>,
    dataSourceIds: readonly string[],
  ): Promise<SaveWarning[]> {
    const plugin = this.deps.plugins.sourceFor(type);
    const validate = plugin?.validateQuery?.bind(plugin);
    if (!plugin || !validate || !isEvaluatedRule(plugin, settings)) return [];
    const sources = await this.deps.orm.em
      .fork()
      .find(DataSource, dataSourceIds.length > 0 ? { type, id: { $in: [...dataSourceIds] } } : { type }, {
        orderBy: { name: 'asc', id: 'asc' },
        limit: MAX_SOURCES,
      });
    const results = await Promise.all(
      sources.map(async (source) => {
        const { target } = queriedDataSource(source, this.deps.secretBox, plugin);
        const rule = {
          id: 'validation',
          name: 'validation',
          settings: { ...settings, dataSourceIds: [source.id], dataSourceId: source.id },
        };
        const result: DataSourceQueryResult<QueryValidation> = await this.deps.querier
          .query(target, (connection, ctx) => validate(connection, rule, ctx), {
            timeoutMs: QUERY_VALIDATION_TIMEOUT_MS,
          })
          .catch(() => ({ ok: false as const, reason: 'The check failed unexpectedly.' }));
        return { source, result };
      }),
    );
    for (const { source, result } of results) {
      if (result.ok && !result.value.valid) {
        const { field, message } = result.value;
        throw validationFailed({
          [field]: [`The data source "${source.name}" refused the query: ${message}`],
        });
      }
    }
    return results.flatMap(({ source, result }) =>
      result.ok
        ? []
        : [
            {
              code: 'query_not_validated' as const,
              message: `The data source "${source.name}" could not check the query (${result.reason}); the rule was saved and its runs will show whether the query works.`,
            },
          ],
    );
  }
}
