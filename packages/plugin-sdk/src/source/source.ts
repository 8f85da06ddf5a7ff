import type { z } from 'zod';
import type { FieldOf } from '../channel';
import type { AlertReceiver } from './alert-receiver';
import type { HeartbeatSchedule } from './heartbeat';
import type { LegacyView } from './legacy-view';
import type { AlertStatus, NormalizedAlert, SourceAlert } from './normalized-alert';
import type { ProbePlan } from './probe-plan';
import type { SourceQueryHooks } from './query-hooks';
import type { SourceRuleFields, SourceRuleOptions } from './rule-fields';

/**
 * How alerts reach the service from this source, so the host decides without knowing plugins by
 * name.
 *
 * - `webhook`: the source pushes native payloads to `{PUBLIC_URL}/api/v1/{dataSourceType}-alert/{token}`,
 *   the token belonging to a data source of that type. A data source of a webhook type gets that
 *   token when it is created. False: the service only queries the source (see
 *   {@link QueryOnlySourceDefinition}).
 * - `resolves`: the source reports recovery. When false (Splunk, Sentry issue alerts), an alert
 *   stays firing until someone resolves it in the service.
 *
 * @example { webhook: true, resolves: true } // Grafana
 * @example { webhook: true, resolves: false } // Splunk
 */
export interface SourceCapabilities {
  readonly webhook: boolean;
  readonly resolves: boolean;
  /**
   * False: rules of this type list no data source, so no data source of the type can be created
   * (a heartbeat's jobs call the service, it connects to nothing). Absent: true.
   */
  readonly dataSources?: boolean;
}

/**
 * A real native payload shipped with the plugin: the contract-test kit normalizes each one, and
 * the host may offer them as samples. `expectedStatuses` lists the status of every alert
 * `normalize` returns for it, in order, so its length is the number of alerts.
 *
 * @example { name: 'two alerts firing', payload: firingBatch, expectedStatuses: ['firing', 'firing'] }
 */
export interface SourceFixture {
  readonly name: string;
  readonly payload: unknown;
  readonly expectedStatuses: readonly AlertStatus[];
}

/**
 * The fields an admin enters to connect a data source of this type (`POST /data-source`), besides
 * its name. `secretFields` are sealed at rest and masked in answers. When a source declares none,
 * the connection is `url`, `username`, and the secrets `apiToken` and `password`, which is what
 * every built-in source takes. The host stores no other connection yet: it refuses to load a source
 * that declares one.
 *
 * @example { schema: z.object({ url: z.url(), apiKey: z.string().min(1) }), secretFields: ['apiKey'] }
 */
export interface SourceConnectionFields<Schema extends z.ZodObject = z.ZodObject> {
  readonly schema: Schema;
  readonly secretFields: readonly FieldOf<Schema>[];
}

/**
 * What every source plugin declares, whether or not it takes webhooks.
 *
 * - `id`: stable, lowercase, dash-separated.
 * - `dataSourceType`: the data source type it serves (`grafana`, `victoria_logs`); it names the
 *   webhook path and the rule type whose `dataSourceIds` list such sources.
 * - `connection`: what connects a data source of this type (see {@link SourceConnectionFields}).
 * - `probe`: how the host checks such a connection (see {@link ProbePlan}).
 * - `ruleFields`: what rules of this type store (see {@link SourceRuleFields}).
 * - `ruleOptions`: fixed pick lists for rule forms (see {@link SourceRuleOptions}).
 * - `matches`: the source's own rule filters on webhook alerts.
 * - `legacyView`: the fields the original product's web UI reads for rules of this type (see
 *   {@link LegacyView}); only for the types that UI knows.
 * - `legacyRuleFormPick`: false when the original contract's rule forms never offered data
 *   sources of this type: `GET /alert-rule/create-data/data-source/{type}` then refuses the type
 *   (422), as that contract's clients expect. Absent: true.
 */
interface SourceDefinitionBase<Connection extends z.ZodObject> extends SourceQueryHooks {
  readonly id: string;
  readonly displayName: string;
  readonly dataSourceType: string;
  readonly capabilities: SourceCapabilities;
  readonly connection?: SourceConnectionFields<Connection>;
  readonly probe?: ProbePlan;
  readonly ruleFields?: SourceRuleFields;
  readonly ruleOptions?: SourceRuleOptions;
  /**
   * Whether a webhook alert belongs to a rule of this type, by the source's own filters. The host
   * first applies the filters every source's rules share (`dataSourceAlertName`, `extraField`) and
   * calls this only when they hold, with the rule's type-specific settings as stored: parse them
   * with your own schema. Pure and cheap, it runs for every alert and rule. Absent: the host's
   * filters decide alone.
   *
   * @example
   * matches(alert, settings) {
   *   const { hosts } = z.looseObject({ hosts: z.array(z.string()).default([]) }).parse(settings);
   *   return hosts.length === 0 || hosts.includes(alert.details.host ?? '');
   * }
   */
  matches?(alert: NormalizedAlert, settings: Readonly<Record<string, unknown>>): boolean;
  readonly legacyView?: LegacyView;
  readonly legacyRuleFormPick?: boolean;
  /** A dead man's switch: see {@link HeartbeatSchedule}. */
  readonly heartbeat?: HeartbeatSchedule;
}

/**
 * A source plugin the monitoring system pushes to (`capabilities.webhook: true`): turns its native
 * payload into alerts.
 *
 * - `payloadSchema`: zod schema of the native body. Keep it permissive (loose objects, optional
 *   fields): vendors add fields between versions, and a refused payload is a lost page.
 * - `normalize`: pure (no I/O, no clock, no randomness) and total over what the schema accepts;
 *   returns one alert per alert in the payload, possibly none.
 * - `fingerprint`: identity of an alert whose payload carries no vendor fingerprint; without it
 *   the SDK uses sha256 of the name and sorted labels.
 * - `batchField`: the payload's field that lists its alerts, each item normalized to alerts of its
 *   own (Alertmanager's and Grafana's `alerts`). The host then refuses an item whose text cannot be
 *   stored (a NUL character, a lone surrogate) alone and applies the others; without it, such text
 *   anywhere refuses the whole payload.
 * - `fixtures`: real payloads, firing and resolved (when `capabilities.resolves`), batches.
 * - `receivers`: other wires the source takes alerts on, each read into the source's own payload
 *   (see {@link AlertReceiver}).
 *
 * @example see {@link defineSource}
 */
export interface WebhookSourceDefinition<
  Payload extends z.ZodType = z.ZodType,
  Connection extends z.ZodObject = z.ZodObject,
> extends SourceDefinitionBase<Connection> {
  readonly capabilities: SourceCapabilities & { readonly webhook: true };
  readonly payloadSchema: Payload;
  normalize(payload: z.output<Payload>): readonly SourceAlert[];
  fingerprint?(alert: SourceAlert): string;
  readonly batchField?: string;
  readonly fixtures: readonly SourceFixture[];
  readonly receivers?: readonly AlertReceiver[];
}

/**
 * A source plugin the service only queries (`capabilities.webhook: false`): Elasticsearch,
 * VictoriaLogs, Metabase. It raises alerts through `evaluate`, which the host runs on a schedule;
 * without one, a data source of its type can be connected and probed, and rules of its type
 * stored, but nothing raises their alerts ("connect and probe only").
 *
 * @example
 * defineSource({
 *   id: 'elastic',
 *   displayName: 'Elasticsearch',
 *   dataSourceType: 'elastic',
 *   capabilities: { webhook: false, resolves: true },
 *   probe: { steps: [{ method: 'GET', path: '/' }], token: 'api-key', basic: true },
 * });
 */
export interface QueryOnlySourceDefinition<Connection extends z.ZodObject = z.ZodObject>
  extends SourceDefinitionBase<Connection> {
  readonly capabilities: SourceCapabilities & { readonly webhook: false };
}

/**
 * A source plugin: one the monitoring system pushes to, or one the service only queries.
 *
 * @example see {@link defineSource}
 */
export type SourceDefinition<
  Payload extends z.ZodType = z.ZodType,
  Connection extends z.ZodObject = z.ZodObject,
> = WebhookSourceDefinition<Payload, Connection> | QueryOnlySourceDefinition<Connection>;

/** What the host keeps of any source definition, whatever its payload and connection types. */
interface AnySourceDefinitionBase extends SourceQueryHooks {
  readonly id: string;
  readonly displayName: string;
  readonly dataSourceType: string;
  readonly capabilities: SourceCapabilities;
  readonly connection?: { readonly schema: z.ZodObject; readonly secretFields: readonly string[] };
  readonly probe?: ProbePlan;
  readonly ruleFields?: SourceRuleFields;
  readonly ruleOptions?: SourceRuleOptions;
  matches?(alert: NormalizedAlert, settings: Readonly<Record<string, unknown>>): boolean;
  readonly legacyView?: LegacyView;
  readonly legacyRuleFormPick?: boolean;
  /** A dead man's switch: see {@link HeartbeatSchedule}. */
  readonly heartbeat?: HeartbeatSchedule;
}

/**
 * A webhook source definition with its payload type forgotten, as the host keeps them to ingest
 * webhooks. `normalize` takes `unknown` here; the host only calls it with what `payloadSchema`
 * returned.
 *
 * @example const webhooks = new Map<string, AnyWebhookSourceDefinition>([[grafana.dataSourceType, grafana]]);
 */
export interface AnyWebhookSourceDefinition extends AnySourceDefinitionBase {
  readonly capabilities: SourceCapabilities & { readonly webhook: true };
  readonly payloadSchema: z.ZodType;
  normalize(payload: unknown): readonly SourceAlert[];
  fingerprint?(alert: SourceAlert): string;
  readonly batchField?: string;
  readonly fixtures: readonly SourceFixture[];
  readonly receivers?: readonly AlertReceiver[];
}

/**
 * A query-only source definition as the host keeps it.
 *
 * @example const elastic: AnyQueryOnlySourceDefinition = { id: 'elastic', …, capabilities: { webhook: false, resolves: true } };
 */
export interface AnyQueryOnlySourceDefinition extends AnySourceDefinitionBase {
  readonly capabilities: SourceCapabilities & { readonly webhook: false };
}

/**
 * A source definition with its types forgotten, as the host keeps them in a registry. Narrow it
 * with {@link takesWebhooks} before reading the webhook members.
 *
 * @example const sources = new Map<string, AnySourceDefinition>([[grafana.dataSourceType, grafana]]);
 */
export type AnySourceDefinition = AnyWebhookSourceDefinition | AnyQueryOnlySourceDefinition;

/**
 * Whether the monitoring system pushes alerts to this source (`capabilities.webhook`), narrowing
 * it to the definition that has `payloadSchema`, `normalize` and `fixtures`.
 *
 * @example if (takesWebhooks(plugin)) outcome = normalizePayload(plugin, body);
 */
export function takesWebhooks(source: AnySourceDefinition): source is AnyWebhookSourceDefinition {
  return source.capabilities.webhook;
}

/**
 * Declares a source plugin. It returns its argument unchanged; its purpose is type inference, so
 * that `normalize` sees the parsed payload. A source without webhooks declares no payload schema,
 * `normalize` or fixtures (see {@link QueryOnlySourceDefinition}).
 *
 * @example
 * export default defineSource({
 *   id: 'uptime-hook',
 *   displayName: 'Uptime hook',
 *   dataSourceType: 'uptime',
 *   capabilities: { webhook: true, resolves: true },
 *   payloadSchema: z.looseObject({ check: z.string(), up: z.boolean(), url: z.string().optional() }),
 *   normalize: (payload) => [
 *     {
 *       name: payload.check,
 *       status: payload.up ? 'resolved' : 'firing',
 *       labels: { check: payload.check },
 *       annotations: {},
 *       details: {},
 *       link: httpUrl(payload.url),
 *     },
 *   ],
 *   fixtures: [
 *     { name: 'down', payload: { check: 'api', up: false }, expectedStatuses: ['firing'] },
 *     { name: 'up again', payload: { check: 'api', up: true }, expectedStatuses: ['resolved'] },
 *   ],
 *   probe: { steps: [{ method: 'GET', path: '/api/health' }], token: 'bearer', basic: false },
 *   ruleFields: {
 *     fields: z.object({
 *       dataSourceIds: hostRuleFields.someDataSourceIds,
 *       dataSourceAlertName: hostRuleFields.dataSourceAlertName,
 *     }),
 *   },
 * });
 */
export function defineSource<Payload extends z.ZodType, Connection extends z.ZodObject = z.ZodObject>(
  definition: WebhookSourceDefinition<Payload, Connection>,
): WebhookSourceDefinition<Payload, Connection>;
export function defineSource<Connection extends z.ZodObject = z.ZodObject>(
  definition: QueryOnlySourceDefinition<Connection>,
): QueryOnlySourceDefinition<Connection>;
export function defineSource(definition: SourceDefinition): SourceDefinition {
  return definition;
}
