import {
  alertRuleCreateDataSchema,
  errorBodySchema,
  externalRulesQuery,
  labelNameSchema,
  sourceListSchema,
  zabbixCreateDataSchema,
} from '@oncall/contracts';
import { alertRuleTypeCatalog, type Core, externalRuleTypes } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { documentedAs } from '../openapi/schema-names';
import { typed } from './route-context';

const tags = ['alert-rules'];

const labelParams = z.object({ label: labelNameSchema });

/** A list read from data sources answers 502 when every data source asked failed. */
const listResponses = { 200: sourceListSchema, 502: errorBodySchema };

/**
 * What the rule form offers (`/alert-rule/create-data/…`). The data-source pick list lives with
 * the data sources; rule names, labels, label values and Zabbix hosts and actions are read from
 * the data sources now, with `meta.sources` saying which answered (a 502 when none did).
 * `/zabbix` also serves the Zabbix plugin's severities (`ruleOptions`).
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
  r.get(
    '/alert-rule/create-data/rules',
    {
      schema: {
        tags,
        querystring: externalRulesQuery(externalRuleTypes(core.plugins)),
        response: listResponses,
      },
    },
    (request) => core.alertRuleCreateData.externalRules(actorOf(request), request.query),
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
    '/alert-rule/create-data/zabbix',
    { schema: { tags, response: { 200: zabbixCreateDataSchema, 502: errorBodySchema } } },
    (request) => core.alertRuleCreateData.zabbix(actorOf(request)),
  );
}
