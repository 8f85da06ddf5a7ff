import type { MikroORM } from '@mikro-orm/core';
import {
  everySourceRulesQuery,
  externalRulesQuery,
  fieldErrorsFromIssues,
  labelNameSchema,
  typeError,
} from '@oncall/contracts';
import type { AnySourceDefinition, RuleOption, SourceConnection, SourceContext } from '@oncall/plugin-sdk';
import type { Actor } from '../auth/actor';
import type { SecretBox } from '../crypto/secret-box';
import { queriedDataSource } from '../data-sources/query-target';
import { DataSource } from '../entities/data-source.entity';
import { isId } from '../entities/new-id';
import { sourceUnavailable, validationFailed } from '../errors/domain-error';
import { selectRows, sql } from '../persistence/sql-fragment';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { DataSourceQuerier, DataSourceQueryResult } from '../ports/data-source-querier';
import { isEvaluatedRule } from '../scheduled-checks/rule-evaluator';
import type { RuleEndpointRef, RuleTeamRef, RuleUserRef } from './alert-rule-view';
import {
  PREVIEW_MAX_ALERTS,
  PREVIEW_MAX_SOURCES,
  PREVIEW_TIMEOUT_MS,
  previewAlert,
  type QueryPreview,
  type QueryPreviewSource,
} from './query-preview';
import { alertRuleTypeCatalog, externalRuleTypes } from './rule-type-catalog';
import { selectableEndpoints } from './selectable-endpoints';

export interface AlertRuleCreateData {
  types: string[];
  endpoints: RuleEndpointRef[];
  users: RuleUserRef[];
  teams: RuleTeamRef[];
}

/** One data source a list was read from; `error` says why it did not answer. */
export interface ListSource {
  id: string;
  name: string;
  error?: string;
}

/** A list read from data sources, and which of them answered: a partial list says so. */
export interface SourceList {
  data: string[];
  meta: { sources: ListSource[] };
}

/**
 * A rule type's form options: each list its plugin reads from the data sources (`formLists`),
 * merged over every data source of the type, each fixed pick list of its `ruleOptions`, and which
 * data sources answered.
 *
 * @example { hosts: ['db-1'], actions: ['Page'], severities: [{ value: '5', label: 'Disaster' }], meta: { sources: [] } }
 */
export type FormOptions = Record<string, string[] | RuleOption[]> & { meta: { sources: ListSource[] } };

/** Picks, from a source plugin, the query one list runs; undefined when the plugin has none. */
type Hook<T> = (
  plugin: AnySourceDefinition,
) => ((source: SourceConnection, ctx: SourceContext) => Promise<T>) | undefined;

/**
 * What a rule form offers. The lists read from an external system (its rules, labels, Zabbix
 * hosts and actions) are asked of the data sources now, through their plugins' query hooks; a
 * source that fails is named in `meta.sources` with its reason, and when every source asked
 * fails the answer is a `source_unavailable` error, never an empty list that looks like "none".
 * Fixed pick lists come from the source plugins (`ruleOptions`).
 */
export class AlertRuleCreateDataService {
  private readonly types: string[];
  private readonly externalRulesQuery: ReturnType<typeof externalRulesQuery>;
  private readonly everySourceRulesQuery: ReturnType<typeof everySourceRulesQuery>;

  constructor(
    private readonly deps: {
      orm: MikroORM;
      plugins: PluginRegistry;
      secretBox: SecretBox;
      querier: DataSourceQuerier;
    },
  ) {
    this.types = [...alertRuleTypeCatalog(deps.plugins).keys()];
    this.externalRulesQuery = externalRulesQuery(externalRuleTypes(deps.plugins));
    this.everySourceRulesQuery = everySourceRulesQuery(this.types);
  }

  async options(actor: Actor): Promise<AlertRuleCreateData> {
    const em = this.deps.orm.em.fork();
    const users = await selectRows<RuleUserRef>(
      em,
      sql`select id, username, name from users order by username`,
    );
    const teams = await selectRows<RuleTeamRef>(em, sql`select id, name from teams order by name, id`);
    return { types: [...this.types], endpoints: await selectableEndpoints(em, actor), users, teams };
  }

  /**
   * Alert rule names defined in an external system: a data source of one of `externalRuleTypes`
   * (a Prometheus or Grafana ruler), asked now through its plugin's `listRules`.
   */
  async externalRules(_actor: Actor, query: { type: string; dataSourceId: string }): Promise<SourceList> {
    const parsed = this.externalRulesQuery.safeParse(query);
    if (!parsed.success) throw validationFailed(fieldErrorsFromIssues(parsed.error.issues));
    const { type, dataSourceId } = parsed.data;
    const source = isId(dataSourceId)
      ? await this.deps.orm.em.fork().findOne(DataSource, { id: dataSourceId, type })
      : null;
    if (!source)
      throw validationFailed({
        dataSourceId: [`The selected data source is invalid: it must be a ${type} data source.`],
      });
    const plugin = this.deps.plugins.sourceFor(type);
    if (plugin?.listRules === undefined) {
      throw validationFailed({ type: [`No loaded source plugin lists the rules of ${type} data sources.`] });
    }
    return this.gather([source], (p) => p.listRules?.bind(p));
  }

  /**
   * Alert rule names of every data source of a rule type, merged: what the original web UI's rule
   * forms ask for, naming no data source. Any rule type is accepted; one whose sources define no
   * rules (api, sentry, …) has none, as in the original.
   */
  async everySourceRules(_actor: Actor, query: { type?: string }): Promise<SourceList> {
    const parsed = this.everySourceRulesQuery.safeParse(query);
    if (!parsed.success) throw validationFailed(fieldErrorsFromIssues(parsed.error.issues));
    const { type } = parsed.data;
    return this.gather(await this.sourcesWith((p) => p.listRules, type), (p) => p.listRules?.bind(p));
  }

  /** Label names of every data source whose plugin lists labels (Prometheus), merged. */
  async labels(_actor: Actor): Promise<SourceList> {
    return this.gather(await this.sourcesWith((p) => p.listLabels), (p) => p.listLabels?.bind(p));
  }

  /** Values of one label across every data source whose plugin lists them (Prometheus), merged. */
  async labelValues(_actor: Actor, label: string): Promise<SourceList> {
    const parsed = labelNameSchema.safeParse(label);
    if (!parsed.success) throw validationFailed({ label: parsed.error.issues.map((issue) => issue.message) });
    const name = parsed.data;
    return this.gather(await this.sourcesWith((p) => p.listLabelValues), (p) => {
      const list = p.listLabelValues?.bind(p);
      return list && ((source, ctx) => list(source, name, ctx));
    });
  }

  /**
   * A rule type's form options: the lists its plugin reads (`formLists`) from every data source of
   * the type, each merged, and its fixed pick lists (`ruleOptions`). A type whose plugin has
   * neither has none: an answer with `meta` alone. A type the service does not offer is a 422.
   */
  async formOptions(_actor: Actor, type: string): Promise<FormOptions> {
    if (!this.types.includes(type)) throw validationFailed({ type: [typeError(this.types)] });
    const plugin = this.deps.plugins.sourceFor(type);
    const names = plugin?.formLists?.names ?? [];
    const sources = names.length === 0 ? [] : await this.sourcesWith((p) => p.formLists, type);
    const answer = await this.gatherEach(sources, (p) => p.formLists?.read.bind(p.formLists));
    const lists = names.map((name) => [name, merged(answer.values.map((read) => read[name] ?? []))]);
    const choices = Object.entries(plugin?.ruleOptions ?? {}).map(([name, fixed]) => [name, [...fixed]]);
    return Object.assign(Object.fromEntries([...lists, ...choices]), { meta: { sources: answer.sources } });
  }

  /** The data sources (of `type`, when given) whose plugin declares the hook, by name. */
  private async sourcesWith(
    hook: (plugin: AnySourceDefinition) => unknown,
    type?: string,
  ): Promise<DataSource[]> {
    const types = [...this.deps.plugins.sources.values()]
      .filter((p) => hook(p) !== undefined && (type === undefined || p.dataSourceType === type))
      .map((p) => p.dataSourceType);
    if (types.length === 0) return [];
    return this.deps.orm.em
      .fork()
      .find(DataSource, { type: { $in: types } }, { orderBy: { name: 'asc', id: 'asc' } });
  }

  /**
   * Runs a rule's query once, as the checker would, against its data sources (those it names, else
   * every one of its type), each bounded by a short timeout; nothing is stored or fired. Only rule
   * types the service evaluates (a text query, a count threshold) have a preview. When no source
   * answers, a `source_unavailable` error names them.
   */
  async preview(
    _actor: Actor,
    input: { type: string; settings: Readonly<Record<string, unknown>> },
  ): Promise<QueryPreview> {
    const { type, settings } = input;
    const plugin = this.deps.plugins.sourceFor(type);
    const evaluate = plugin?.evaluate?.bind(plugin);
    if (!plugin || !evaluate || !isEvaluatedRule(plugin, settings)) {
      throw validationFailed({
        type: [`The service does not run ${type} rules of this kind itself: no preview.`],
      });
    }
    const named = [
      ...(Array.isArray(settings.dataSourceIds) ? settings.dataSourceIds : []),
      ...(typeof settings.dataSourceId === 'string' ? [settings.dataSourceId] : []),
    ].filter((id): id is string => typeof id === 'string' && isId(id));
    const em = this.deps.orm.em.fork();
    const sources = await em.find(DataSource, named.length > 0 ? { type, id: { $in: named } } : { type }, {
      orderBy: { name: 'asc', id: 'asc' },
      limit: PREVIEW_MAX_SOURCES,
    });
    if (sources.length === 0) {
      throw validationFailed({ dataSourceIds: [`No ${type} data source to run the query against.`] });
    }
    const results = await Promise.all(
      sources.map(async (source): Promise<QueryPreviewSource> => {
        const { target } = queriedDataSource(source, this.deps.secretBox, plugin);
        const rule = {
          id: 'preview',
          name: 'preview',
          settings: { ...settings, dataSourceIds: [source.id], dataSourceId: source.id },
        };
        const result = await this.deps.querier
          .query(target, (connection, ctx) => evaluate(connection, rule, ctx), {
            timeoutMs: PREVIEW_TIMEOUT_MS,
          })
          .catch(() => ({ ok: false as const, reason: 'The query failed unexpectedly.' }));
        if (!result.ok) return { id: source.id, name: source.name, error: result.reason };
        const firing = Array.isArray(result.value.firing) ? result.value.firing : [];
        return {
          id: source.id,
          name: source.name,
          firing: firing.length,
          alerts: firing.slice(0, PREVIEW_MAX_ALERTS).map(previewAlert),
          document: { ...result.value.document },
        };
      }),
    );
    if (results.every((result) => 'error' in result)) {
      throw sourceUnavailable(
        `No data source answered: ${results.map((r) => `"${r.name}": ${'error' in r ? r.error : ''}`).join(' ')}`,
      );
    }
    return { sources: results };
  }

  private async gather(sources: readonly DataSource[], hook: Hook<readonly string[]>): Promise<SourceList> {
    const answer = await this.gatherEach(sources, hook);
    return { data: merged(answer.values), meta: { sources: answer.sources } };
  }

  /**
   * Asks every source at once (each within the querier's time limit, so the whole call is bounded
   * by one limit, not their sum). When every source asked failed there is no list to show: that is
   * an error naming them, so a form never shows "no rules" for "could not ask".
   */
  private async gatherEach<T>(
    sources: readonly DataSource[],
    hook: Hook<T>,
  ): Promise<{ values: T[]; sources: ListSource[] }> {
    const results = await Promise.all(sources.map((source) => this.ask(source, hook)));
    const listed: ListSource[] = sources.map((source, i) => {
      const result = results[i];
      return result?.ok === false
        ? { id: source.id, name: source.name, error: result.reason }
        : { id: source.id, name: source.name };
    });
    const values = results.flatMap((result) => (result.ok ? [result.value] : []));
    if (sources.length > 0 && values.length === 0) {
      const [only] = listed;
      throw sourceUnavailable(
        listed.length === 1 && only
          ? `The data source "${only.name}" did not answer: ${only.error ?? ''}`
          : `No data source answered: ${listed.map((s) => `"${s.name}": ${s.error ?? ''}`).join(' ')}`,
      );
    }
    return { values, sources: listed };
  }

  private async ask<T>(source: DataSource, hook: Hook<T>): Promise<DataSourceQueryResult<T>> {
    const plugin = this.deps.plugins.sourceFor(source.type);
    const run = plugin && hook(plugin);
    if (!plugin || !run) {
      return { ok: false, reason: `No loaded source plugin queries ${source.type} data sources.` };
    }
    const { target } = queriedDataSource(source, this.deps.secretBox, plugin);
    try {
      return await this.deps.querier.query(target, run);
    } catch {
      // A querier must not reject; should one still do so, the source counts as not answering.
      return { ok: false, reason: 'The query failed unexpectedly.' };
    }
  }
}

/** Sorted, without duplicates or blanks: one pick list out of several sources' answers. */
function merged(lists: readonly (readonly string[])[]): string[] {
  const all = new Set(lists.flat().filter((item) => item.trim() !== ''));
  return [...all].sort((a, b) => a.localeCompare(b));
}
