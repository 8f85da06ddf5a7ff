import type { ChannelLogger, Clock, FetchLike } from '../context';
import type { SourceAlert } from './normalized-alert';

/**
 * A data source as the host hands it to a source's query hooks: the connection an admin entered
 * (`POST /api/v1/data-source`), secrets unsealed. Never log `apiToken` or `password`.
 *
 * @example { id: '0190…', name: 'prod-prometheus', type: 'prometheus', url: 'https://prom.example.com', apiToken: 'glsa_…' }
 */
export interface SourceConnection {
  readonly id: string;
  readonly name: string;
  /** The data source type, equal to the plugin's `dataSourceType`. */
  readonly type: string;
  readonly url: string;
  readonly apiToken?: string;
  readonly username?: string;
  readonly password?: string;
}

/**
 * What a query hook may use. `fetch` is the host's guarded fetch (use it, never the global one);
 * `signal` is aborted when the host stops waiting (an evaluation timeout, shutdown).
 *
 * @example const response = await ctx.fetch(new URL('/api/v1/rules', source.url), { signal: ctx.signal });
 */
export interface SourceContext {
  readonly fetch: FetchLike;
  readonly logger: ChannelLogger;
  readonly clock: Clock;
  readonly signal?: AbortSignal;
}

/**
 * A rule the service evaluates itself (text-query Prometheus, Elastic and VictoriaLogs count
 * thresholds), with its type-specific settings as stored, for the plugin to parse with its own
 * schema.
 *
 * @example { id: '0190…', name: 'Too many 5xx', settings: { queryType: 'textQuery', queryText: 'sum(rate(http_5xx[5m])) > 10' } }
 */
export interface EvaluatedRule {
  readonly id: string;
  readonly name: string;
  readonly settings: Readonly<Record<string, unknown>>;
}

/**
 * The optional hooks of a source the service queries itself rather than only hearing from. The
 * host calls the `list…` hooks for the rule form's lists (`GET /alert-rule/create-data/…`), with
 * its time limit on `ctx.signal`, and sends the credentials on every request as the plugin's
 * `probe` plan says (`token`, `basic`); a hook may use them itself from `source` (Zabbix logs in
 * with them). The host calls no `evaluate` yet. Each throws when the data source cannot be
 * reached or answers something else (a `SourceQueryError` message is shown to the operator as the
 * reason); an empty answer means "nothing", not "failed".
 *
 * @example
 * defineSource({
 *   ...,
 *   async evaluate(source, rule, ctx) {
 *     const { queryText } = settingsSchema.parse(rule.settings);
 *     const series = await instantQuery(ctx, source, queryText);
 *     return series.map((s) => ({ name: rule.name, status: 'firing', labels: s.metric, annotations: {}, details: {} }));
 *   },
 *   listLabels: async (source, ctx) =>
 *     (await queryJson(ctx, source, { path: '/api/v1/labels' }, z.object({ data: z.array(z.string()) }))).data,
 * });
 */
export interface SourceQueryHooks {
  /**
   * Runs a rule once and returns the alerts firing now, one per instance. Instances that fired
   * before and are missing from the answer are resolved by the host. Scheduled by the host's
   * engine.
   */
  evaluate?(
    source: SourceConnection,
    rule: EvaluatedRule,
    ctx: SourceContext,
  ): Promise<readonly SourceAlert[]>;
  /** Names of the alert rules defined in the external system (`GET /alert-rule/create-data/rules`). */
  listRules?(source: SourceConnection, ctx: SourceContext): Promise<readonly string[]>;
  /** Label names the external system knows (`GET /alert-rule/create-data/labels`). */
  listLabels?(source: SourceConnection, ctx: SourceContext): Promise<readonly string[]>;
  /** Values one label takes (`GET /alert-rule/create-data/label-values/{label}`). */
  listLabelValues?(source: SourceConnection, label: string, ctx: SourceContext): Promise<readonly string[]>;
  /** Names of the hosts the external system monitors (`GET /alert-rule/create-data/zabbix`, `hosts`). */
  listHosts?(source: SourceConnection, ctx: SourceContext): Promise<readonly string[]>;
  /** Names of the external system's alert actions (`GET /alert-rule/create-data/zabbix`, `actions`). */
  listActions?(source: SourceConnection, ctx: SourceContext): Promise<readonly string[]>;
}
