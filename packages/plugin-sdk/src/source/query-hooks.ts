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
 * What one run of a rule found: the alerts firing now, and the run's check document.
 *
 * @example
 * {
 *   firing: [{ name: 'Too many 5xx', status: 'firing', labels: { job: 'api' }, annotations: {}, details: { value: '12.5' } }],
 *   document: { query: 'sum(rate(http_5xx[5m])) > 10', resultType: 'vector', series: 1 },
 * }
 */
export interface RuleEvaluation {
  /**
   * The alerts firing now, one per instance, each with `status: 'firing'`. An alert's instance is
   * keyed by its `fingerprint`, or by the SDK's default over its name and labels; for a
   * PromQL answer, one alert per series with the series' labels.
   */
  readonly firing: readonly SourceAlert[];
  /**
   * What the run saw, kept as the run's check document and shown in the rule read
   * (`GET /api/v1/alert-rule/{id}`, its `evaluation.document`): the query sent, the count or the
   * number of series, the threshold. Plain JSON, a few KiB at most (the host cuts a larger one); no secrets.
   */
  readonly document: Readonly<Record<string, unknown>>;
}

/**
 * What a source said of a rule's query before it was saved: it parses, or it never will (the
 * `field` of the rule's settings it is wrong in, `queryText` for PromQL, and the source's own
 * parser message, one line, no secrets).
 *
 * @example { valid: false, field: 'queryText', message: '1:6: parse error: unexpected end of input' }
 */
export type QueryValidation =
  | { readonly valid: true }
  | { readonly valid: false; readonly field: string; readonly message: string };

/**
 * The optional hooks of a source the service queries itself rather than only hearing from. The
 * host calls the `list…` hooks for the rule form's lists (`GET /alert-rule/create-data/…`), with
 * its time limit on `ctx.signal`, and sends the credentials on every request as the plugin's
 * `probe` plan says (`token`, `basic`); a hook may use them itself from `source` (Zabbix logs in
 * with them). Each throws when the data source cannot be
 * reached or answers something else (a `SourceQueryError` message is shown to the operator as the
 * reason); an empty answer means "nothing", not "failed".
 *
 * @example
 * defineSource({
 *   ...,
 *   async evaluate(source, rule, ctx) {
 *     const { queryText } = settingsSchema.parse(rule.settings);
 *     const series = await instantQuery(ctx, source, queryText);
 *     const firing = series.map((s) => ({ name: rule.name, status: 'firing', labels: s.metric, annotations: {}, details: {} }));
 *     return { firing, document: { query: queryText, series: series.length } };
 *   },
 *   listLabels: async (source, ctx) =>
 *     (await queryJson(ctx, source, { path: '/api/v1/labels' }, z.object({ data: z.array(z.string()) }))).data,
 * });
 */
export interface SourceQueryHooks {
  /**
   * Runs a rule once and returns the alerts firing now, one per instance, with the run's check
   * document. The host's engine schedules it (the rule's `queryObject`, see
   * `evaluationOptionsSchema`), holds `for` and `keepFiringFor`, and resolves instances that fired
   * before and are missing from the answer. Throw when the source cannot answer (unreachable, an
   * error status, a malformed answer): the run is then recorded as failed and nothing resolves;
   * never return an empty answer for a failure. Called for every rule of the type with no
   * `queryType` and for `textQuery` rules.
   */
  evaluate?(source: SourceConnection, rule: EvaluatedRule, ctx: SourceContext): Promise<RuleEvaluation>;
  /**
   * Asks the source whether a rule's query can ever run, when the rule is created or updated
   * (REST, tRPC and GraphQL alike), for rules the host evaluates (`evaluate`'s). Answer
   * `{ valid: false, field, message }` only when the source itself refused the query as
   * malformed (a parse error): the save is then a 422 at `field` with `message`. Throw when the
   * source cannot be asked (unreachable, an error status, an unexpected answer): the rule is saved
   * anyway and the answer carries a warning; the host bounds the call to a few seconds.
   *
   * @example
   * async validateQuery(source, rule, ctx) {
   *   const { queryText } = settingsSchema.parse(rule.settings);
   *   const answer = await ctx.fetch(new URL(`/api/v1/parse_query?query=${encodeURIComponent(queryText)}`, source.url), { signal: ctx.signal });
   *   if (answer.status === 400) return { valid: false, field: 'queryText', message: (await answer.json()).error };
   *   if (!answer.ok) throw new SourceQueryError(`HTTP ${answer.status} from /api/v1/parse_query.`);
   *   return { valid: true };
   * }
   */
  validateQuery?(source: SourceConnection, rule: EvaluatedRule, ctx: SourceContext): Promise<QueryValidation>;
  /**
   * The alerts active in the external system now (Prometheus `GET /api/v1/alerts`, Grafana's
   * alerting API), for a data source the host polls rather than hears from. The host matches each
   * to the source's `dynamic` rules as it matches a webhook alert (by `dataSourceAlertName` and
   * `extraField`), fires what is listed, and resolves an instance once polls stop listing it.
   * Return firing alerts only; throw when the source cannot answer (nothing resolves then).
   */
  pollAlerts?(source: SourceConnection, ctx: SourceContext): Promise<readonly SourceAlert[]>;
  /** Names of the alert rules defined in the external system (`GET /alert-rule/create-data/rules`). */
  listRules?(source: SourceConnection, ctx: SourceContext): Promise<readonly string[]>;
  /** Label names the external system knows (`GET /alert-rule/create-data/labels`). */
  listLabels?(source: SourceConnection, ctx: SourceContext): Promise<readonly string[]>;
  /** Values one label takes (`GET /alert-rule/create-data/label-values/{label}`). */
  listLabelValues?(source: SourceConnection, label: string, ctx: SourceContext): Promise<readonly string[]>;
  /**
   * Pick lists a rule form of this type offers that are read from the external system, by the
   * rule field they fill (`GET /alert-rule/create-data/options/{type}`, with `ruleOptions`).
   */
  formLists?: SourceFormLists;
}

/**
 * Pick lists read from one data source, by the rule field they fill. The host asks every data
 * source of the type and merges each list (sorted, without duplicates); `names` says which lists
 * there are, so an answer from no data source still carries each, empty.
 *
 * @example
 * formLists: {
 *   names: ['hosts', 'actions'],
 *   read: async (source, ctx) => ({ hosts: await listHosts(source, ctx), actions: await listActions(source, ctx) }),
 * }
 */
export interface SourceFormLists {
  readonly names: readonly string[];
  read(source: SourceConnection, ctx: SourceContext): Promise<Readonly<Record<string, readonly string[]>>>;
}
