import {
  alertRuleCreateDataSchema,
  externalRulesQuery,
  pendingListSchema,
  zabbixCreateDataSchema,
} from '@oncall/contracts';
import { alertRuleTypeCatalog, type Core, externalRuleTypes } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { typed } from './route-context';

const tags = ['alert-rules'];

const labelParams = z.object({ label: z.string().max(255) });

/**
 * What the rule form offers (`/alert-rule/create-data/…`). The data-source pick list lives with
 * the data sources; lists read from an external system answer empty, with `meta.note`, for now.
 * `/zabbix` serves the Zabbix plugin's severities (`ruleOptions`).
 */
export function alertRuleCreateDataRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  r.get(
    '/alert-rule/create-data',
    { schema: { tags, response: { 200: alertRuleCreateDataSchema(alertRuleTypeCatalog(core.plugins)) } } },
    (request) => core.alertRuleCreateData.options(actorOf(request)),
  );
  r.get(
    '/alert-rule/create-data/rules',
    {
      schema: {
        tags,
        querystring: externalRulesQuery(externalRuleTypes(core.plugins)),
        response: { 200: pendingListSchema },
      },
    },
    (request) => core.alertRuleCreateData.externalRules(actorOf(request), request.query),
  );
  r.get(
    '/alert-rule/create-data/labels',
    { schema: { tags, response: { 200: pendingListSchema } } },
    (request) => core.alertRuleCreateData.labels(actorOf(request)),
  );
  r.get(
    '/alert-rule/create-data/label-values/:label',
    { schema: { tags, params: labelParams, response: { 200: pendingListSchema } } },
    (request) => core.alertRuleCreateData.labelValues(actorOf(request), request.params.label),
  );
  r.get(
    '/alert-rule/create-data/zabbix',
    { schema: { tags, response: { 200: zabbixCreateDataSchema } } },
    (request) => core.alertRuleCreateData.zabbix(actorOf(request)),
  );
}
