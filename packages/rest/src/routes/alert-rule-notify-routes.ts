import {
  alertRuleBatchNotifyBody,
  alertRuleEndpointRefSchema,
  alertRuleNotifyBody,
  alertRuleNotifyLegacyViewSchema,
  batchNotifyResultSchema,
  ruleActionAnswerSchema,
} from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { withLegacyNotifyNames } from '../legacy/rule-sub-resource-envelopes';
import { idParams, typed } from './route-context';

const tags = ['alert-rules'];

const endpointParams = z.object({ alertId: z.string().max(100), endpointId: z.string().max(100) });

/** `/alert-rule-notify`: the endpoints a rule pages, one rule or several at once. */
export function alertRuleNotifyRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  r.get(
    '/alert-rule-notify/batchAlert',
    { schema: { tags, response: { 200: z.array(alertRuleEndpointRefSchema) } } },
    (request) => core.alertRuleNotify.batchOptions(actorOf(request)),
  );
  r.put(
    '/alert-rule-notify/batchAlert',
    {
      schema: {
        tags,
        description: 'Adds every endpoint to every rule.',
        body: alertRuleBatchNotifyBody,
        response: { 200: batchNotifyResultSchema },
      },
    },
    (request) => core.alertRuleNotify.batchAdd(actorOf(request), request.body),
  );
  r.post(
    '/alert-rule-notify/test/:id',
    {
      schema: {
        tags,
        description:
          'Queues a test notification to every endpoint a real alert of the rule would page now ' +
          '(endpoints of users who silenced the rule are left out). `status: false` when there is none.',
        params: idParams,
        response: { 200: ruleActionAnswerSchema },
      },
    },
    (request) => core.ruleActions.sendTest(actorOf(request), request.params.id),
  );
  r.get(
    '/alert-rule-notify/:id',
    { schema: { tags, params: idParams, response: { 200: alertRuleNotifyLegacyViewSchema } } },
    async (request) =>
      withLegacyNotifyNames(await core.alertRuleNotify.get(actorOf(request), request.params.id)),
  );
  r.put(
    '/alert-rule-notify/:id',
    {
      schema: {
        tags,
        description: 'Adds endpoints to the rule; those already on it stay.',
        params: idParams,
        body: alertRuleNotifyBody,
        response: { 200: alertRuleNotifyLegacyViewSchema },
      },
    },
    async (request) =>
      withLegacyNotifyNames(
        await core.alertRuleNotify.add(actorOf(request), request.params.id, request.body.endpointIds),
      ),
  );
  r.delete(
    '/alert-rule-notify/:alertId/:endpointId',
    { schema: { tags, params: endpointParams, response: { 200: alertRuleNotifyLegacyViewSchema } } },
    async (request) =>
      withLegacyNotifyNames(
        await core.alertRuleNotify.remove(
          actorOf(request),
          request.params.alertId,
          request.params.endpointId,
        ),
      ),
  );
}
