import {
  alertRuleAddUserNotifyBody,
  alertRuleGroupQuery,
  alertRuleGroupQueryWithoutSilence,
  groupActionResultSchema,
  groupAddResultSchema,
  groupDeleteResultSchema,
} from '@oncall/contracts';
import { alertRuleTypeCatalog, type Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/actor-hook';
import { typed } from './route-context';

const tags = ['alert-rules'];

const description =
  'Applies to every rule the filters (the list’s query parameters) match among those the caller can see.';

/** `/alert-rule/group-action/…`: one action over every rule a list filter matches. */
export function alertRuleGroupRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  const catalog = alertRuleTypeCatalog(core.plugins);
  r.post(
    '/alert-rule/group-action/silent',
    {
      schema: {
        tags,
        description,
        querystring: alertRuleGroupQuery(catalog),
        response: { 200: groupActionResultSchema },
      },
    },
    (request) => core.alertRuleGroups.silent(actorOf(request), request.query),
  );
  r.post(
    '/alert-rule/group-action/unsilent',
    {
      schema: {
        tags,
        description,
        querystring: alertRuleGroupQuery(catalog),
        response: { 200: groupActionResultSchema },
      },
    },
    (request) => core.alertRuleGroups.unsilent(actorOf(request), request.query),
  );
  r.post(
    '/alert-rule/group-action/delete',
    {
      schema: {
        tags,
        description: `${description} Rules the caller administers are deleted; on the others it only loses its access and endpoints.`,
        querystring: alertRuleGroupQueryWithoutSilence(catalog),
        response: { 200: groupDeleteResultSchema },
      },
    },
    (request) => core.alertRuleGroups.delete(actorOf(request), request.query),
  );
  r.post(
    '/alert-rule/group-action/add-user-notify',
    {
      schema: {
        tags,
        description: `${description} Only rules the caller administers are changed.`,
        querystring: alertRuleGroupQueryWithoutSilence(catalog),
        body: alertRuleAddUserNotifyBody,
        response: { 200: groupAddResultSchema },
      },
    },
    (request) => core.alertRuleGroups.addUserNotify(actorOf(request), request.query, request.body),
  );
}
