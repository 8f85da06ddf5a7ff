import { z } from 'zod';
import { evaluationOptionsSchema } from './evaluation-options';

/**
 * The fields a rule of the source's type stores besides those every rule has (name, endpoints,
 * users, tags…), as zod objects for the host to check rule bodies (`POST /alert-rule`) with. The
 * host adds `type`, and `queryType` for variants; a field named like a common one is ignored.
 *
 * - `fields`: one object for every rule of the type.
 * - `byQueryType`: one object per `queryType`, for sources whose rules come in variants: a
 *   `dynamic` rule fed by the source's webhooks, a `textQuery` rule the service evaluates.
 * - `singleSource`: a rule names exactly one data source (`dataSourceId`) rather than a list
 *   (`dataSourceIds`).
 *
 * An update merges what it sends into what the rule stores and parses the result again, so what
 * a schema returns must parse to itself: transforms such as trimming or dropping duplicates are
 * fine, converting units is not. Refinements across fields (`.superRefine`) run on the whole rule.
 * A source without `ruleFields` gets {@link defaultRuleFields}.
 *
 * @example { fields: z.object({ dataSourceIds: hostRuleFields.someDataSourceIds, dataSourceAlertName: hostRuleFields.dataSourceAlertName }) }
 * @example { byQueryType: { dynamic: z.object({ … }), textQuery: z.object({ queryText: z.string() }) } }
 */
export type SourceRuleFields =
  | { readonly fields: z.ZodObject; readonly singleSource?: true }
  | { readonly byQueryType: Readonly<Record<string, z.ZodObject>>; readonly singleSource?: true };

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

const idList = (label: string) =>
  z
    .array(
      z
        .string({ error: `The ${label} field is required.` })
        .min(1, `The ${label} field is required.`)
        .max(64),
      { error: `The ${label} must be an array.` },
    )
    .max(1000);

const dataSourceIds = idList('data source ids');

const positiveInteger = (label: string, max: number) =>
  z
    .number({ error: `The ${label} must be an integer.` })
    .int(`The ${label} must be an integer.`)
    .min(1, `The ${label} must be at least 1.`)
    .max(max, `The ${label} may not be greater than ${max}.`);

/** A week of look-back; a count of up to a billion documents. */
const MAX_LOOKBACK_MINUTES = 10_080;
const MAX_COUNT_DOCUMENT = 1_000_000_000;

/**
 * Rule fields the host itself reads, with the service's error messages, for a plugin's
 * `ruleFields`: the data sources a rule listens to (`dataSourceIds`, or `someDataSourceIds` when
 * the list may not be empty; `dataSourceId` for a `singleSource` rule), and the filters the host
 * applies to every webhook alert (`dataSourceAlertName`, exact; `extraField`, `{ key, value }` globs
 * on labels and annotations).
 *
 * @example
 * ruleFields: {
 *   fields: z.object({
 *     dataSourceIds: hostRuleFields.someDataSourceIds,
 *     dataSourceAlertName: hostRuleFields.dataSourceAlertName,
 *     extraField: hostRuleFields.extraField.default([]),
 *   }),
 * }
 */
export const hostRuleFields = {
  dataSourceIds,
  someDataSourceIds: dataSourceIds.min(1, 'Select at least one data source.'),
  dataSourceId: z
    .string({ error: 'The data source id field is required.' })
    .min(1, 'The data source id field is required.')
    .max(64),
  dataSourceAlertName: requiredText('data source alert name', 255),
  extraField: z
    .array(
      z.object(
        {
          key: requiredText('key', 255),
          value: z.string({ error: 'The value must be a string.' }).max(1000),
        },
        { error: 'Each extra field must be an object with key and value.' },
      ),
      { error: 'The extra field must be an array.' },
    )
    .max(50, 'The extra field may not have more than 50 items.'),
} as const;

/**
 * The rule fields of a source that is both pushed to and queried, as Prometheus, Grafana and PMM
 * are: a `dynamic` rule listens to the source's webhooks (alert name and label filters); a
 * `textQuery` rule is a query the service evaluates against the listed data sources, or every
 * connected one when none is listed, timed by its `queryObject` (see `evaluationOptionsSchema`). `requireDataSources`: a dynamic rule must list its data
 * sources (otherwise an empty list means every connected one).
 *
 * @example ruleFields: dynamicOrTextQueryRuleFields({ requireDataSources: true }) // Grafana
 */
export function dynamicOrTextQueryRuleFields(options: {
  readonly requireDataSources: boolean;
}): SourceRuleFields {
  return {
    byQueryType: {
      dynamic: z.object({
        dataSourceIds: options.requireDataSources
          ? hostRuleFields.someDataSourceIds
          : hostRuleFields.dataSourceIds.default([]),
        dataSourceAlertName: hostRuleFields.dataSourceAlertName,
        extraField: hostRuleFields.extraField.default([]),
      }),
      textQuery: z.object({
        queryText: requiredText('query text', 10_000),
        queryObject: evaluationOptionsSchema.nullish(),
        dataSourceIds: hostRuleFields.dataSourceIds.default([]),
      }),
    },
  };
}

/**
 * The rule fields of a source whose rules count matching records, as Elasticsearch and VictoriaLogs
 * rules do: one data source (`dataSourceId`, so `singleSource`), a query (`queryString`), a
 * look-back window (`minutes`, up to a week), and a threshold (`countDocument`) the count must
 * reach (`greaterOrEqual`) or stay under (`lessOrEqual`), and how often it runs (`queryObject`,
 * see `evaluationOptionsSchema`). `extra` adds the source's own fields.
 *
 * @example ruleFields: countThresholdRuleFields() // VictoriaLogs
 * @example ruleFields: countThresholdRuleFields({ dataviewName: z.string() }) // Elasticsearch
 */
export function countThresholdRuleFields(extra: z.ZodRawShape = {}): SourceRuleFields {
  return {
    fields: z.object({
      dataSourceId: hostRuleFields.dataSourceId,
      queryString: requiredText('query string', 10_000),
      minutes: positiveInteger('minutes', MAX_LOOKBACK_MINUTES),
      conditionType: z.enum(['greaterOrEqual', 'lessOrEqual'], {
        error: 'The condition type must be greaterOrEqual or lessOrEqual.',
      }),
      countDocument: positiveInteger('count document', MAX_COUNT_DOCUMENT),
      queryObject: evaluationOptionsSchema.nullish(),
      ...extra,
    }),
    singleSource: true,
  };
}

/**
 * The rule fields of a source that declares none: the data sources a rule listens to (at least
 * one), and the host's filters on their webhook alerts, an exact alert name (none: any) and label
 * globs.
 *
 * @example { dataSourceIds: ['0190…'], dataSourceAlertName: 'Checkout API', extraField: [] }
 */
export const defaultRuleFields: SourceRuleFields = {
  fields: z.object({
    dataSourceIds: hostRuleFields.someDataSourceIds,
    dataSourceAlertName: hostRuleFields.dataSourceAlertName.optional(),
    extraField: hostRuleFields.extraField.default([]),
  }),
};

/**
 * One choice of a fixed pick list a rule form offers (see `ruleOptions`): the value a rule stores,
 * and what a person reads.
 *
 * @example { value: '4', label: 'High' }
 */
export interface RuleOption {
  readonly value: string;
  readonly label: string;
}

/**
 * Fixed pick lists for a rule form, by the rule field they fill: values the vendor defines once
 * for everyone, not read from a server (those come from the query hooks). The host serves them to
 * forms; the rule's `ruleFields` still decide what a rule may store.
 *
 * @example { severities: [{ value: '0', label: 'Not classified' }, …, { value: '5', label: 'Disaster' }] } // Zabbix
 */
export type SourceRuleOptions = Readonly<Record<string, readonly RuleOption[]>>;
