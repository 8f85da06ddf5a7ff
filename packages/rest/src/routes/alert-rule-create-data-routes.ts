import {
  alertRuleCreateDataSchema,
  anyFormOptionsSchema,
  errorBodySchema,
  formOptionsSchema,
  labelNameSchema,
  sourceListSchema,
} from '@oncall/contracts';
import { alertRuleTypeCatalog, type Core, externalRuleTypes } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { formChoiceLabelsForLegacyUi } from '../legacy/legacy-ui-rule-choices';
import { documentedAs } from '../openapi/schema-names';
import { typed } from './route-context';

const tags = ['alert-rules'];

const labelParams = z.object({ label: labelNameSchema });

/** A list read from data sources answers 502 when every data source asked failed. */
const listResponses = { 200: sourceListSchema, 502: errorBodySchema };

/** The original web UI's lists: the names alone, no `meta` (it hands the body to a pick list). */
const bareList = documentedAs(z.array(z.string()), 'BareSourceList');
const bareListResponses = { 200: bareList, 502: errorBodySchema };

/** Paths under `/alert-rule/create-data/` a rule type's form-options alias may not take. */
const FIXED_CREATE_DATA_PATHS: ReadonlySet<string> = new Set(['rules', 'labels']);

/**
 * What the rule form offers (`/alert-rule/create-data/…`). The data-source pick list lives with
 * the data sources; rule names, labels, label values and a type's form lists (its plugin's
 * `formLists`) are read from the data sources now, with `meta.sources` saying which answered (a
 * 502 when none did). `options/{type}` also serves the type's fixed pick lists (`ruleOptions`);
 * the older path of a type with form lists, `/alert-rule/create-data/{type}`, answers the same.
 */
export function alertRuleCreateDataRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  r.get(
    '/alert-rule/create-data',
    {
      schema: {
        tags,
        response: {
          200: documentedAs(
            alertRuleCreateDataSchema(alertRuleTypeCatalog(core.plugins)),
            'AlertRuleCreateData',
          ),
        },
      },
    },
    (request) => core.alertRuleCreateData.options(actorOf(request)),
  );
  const listers = externalRuleTypes(core.plugins);
  r.get(
    '/alert-rule/create-data/rules',
    {
      schema: {
        tags,
        description:
          `With \`dataSourceId\` (a data source of type ${listers.join(' or ')}): its rule names, with ` +
          '`meta`. Without it (the original web UI): the rule names of every data source of `type`, any ' +
          'rule type, as a bare list (empty for a type whose sources define no rules).',
        querystring: z.object({
          type: z.string().optional().describe('The rule type.'),
          dataSourceId: z.string().optional().describe('The one data source to ask.'),
        }),
        response: { 200: z.union([sourceListSchema, bareList]), 502: errorBodySchema },
      },
    },
    async (request) => {
      const { type, dataSourceId } = request.query;
      if (dataSourceId === undefined) {
        return (await core.alertRuleCreateData.everySourceRules(actorOf(request), { type })).data;
      }
      return core.alertRuleCreateData.externalRules(actorOf(request), { type: type ?? '', dataSourceId });
    },
  );
  r.get('/alert-rule/create-data/labels', { schema: { tags, response: listResponses } }, (request) =>
    core.alertRuleCreateData.labels(actorOf(request)),
  );
  r.get(
    '/alert-rule/create-data/label-values/:label',
    { schema: { tags, params: labelParams, response: listResponses } },
    (request) => core.alertRuleCreateData.labelValues(actorOf(request), request.params.label),
  );
  r.get(
    '/alert-rule/labels',
    {
      schema: {
        tags,
        description: "The original web UI's path of `create-data/labels`: the label names alone.",
        response: bareListResponses,
      },
    },
    async (request) => (await core.alertRuleCreateData.labels(actorOf(request))).data,
  );
  r.get(
    '/alert-rule/label-values/:label',
    {
      schema: {
        tags,
        params: labelParams,
        description: "The original web UI's path of `create-data/label-values/{label}`: the values alone.",
        response: bareListResponses,
      },
    },
    async (request) =>
      (await core.alertRuleCreateData.labelValues(actorOf(request), request.params.label)).data,
  );
  r.get(
    '/alert-rule/create-data/options/:type',
    {
      schema: {
        tags,
        description:
          "A rule type's form options: the lists its plugin reads from every data source of the type " +
          '(merged), its fixed pick lists, and `meta`; only `meta` for a type without either.',
        params: z.object({ type: z.string().describe('The rule type.') }),
        response: { 200: anyFormOptionsSchema, 502: errorBodySchema },
      },
    },
    (request) => core.alertRuleCreateData.formOptions(actorOf(request), request.params.type),
  );
  for (const plugin of core.plugins.sources.values()) {
    const type = plugin.dataSourceType;
    if (plugin.formLists === undefined || FIXED_CREATE_DATA_PATHS.has(type)) continue;
    const schema = formOptionsSchema(plugin.formLists.names, Object.keys(plugin.ruleOptions ?? {}));
    r.get(
      `/alert-rule/create-data/${type}`,
      {
        schema: {
          tags,
          description:
            `The older path of \`create-data/options/${type}\`. In the original web UI's dialect ` +
            '(`X-Cluster` sent) each fixed pick list is its labels alone.',
          response: { 200: schema, 502: errorBodySchema },
        },
        preSerialization: formChoiceLabelsForLegacyUi(core, type),
      },
      (request) => core.alertRuleCreateData.formOptions(actorOf(request), type),
    );
  }
}
