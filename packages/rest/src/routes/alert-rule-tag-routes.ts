import { alertRuleTagsBody, alertRuleTagsViewSchema } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { idParams, typed } from './route-context';

const tags = ['alert-rules'];

/** `/alert-rule-tag`: every tag the caller's rules carry, and one rule's tags. */
export function alertRuleTagRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  r.get('/alert-rule-tag', { schema: { tags, response: { 200: z.array(z.string()) } } }, (request) =>
    core.alertRuleTags.all(actorOf(request)),
  );
  r.get(
    '/alert-rule-tag/:id',
    { schema: { tags, params: idParams, response: { 200: alertRuleTagsViewSchema } } },
    (request) => core.alertRuleTags.get(actorOf(request), request.params.id),
  );
  r.put(
    '/alert-rule-tag/:id',
    {
      schema: {
        tags,
        description: "Replaces the rule's tags.",
        params: idParams,
        body: alertRuleTagsBody,
        response: { 200: alertRuleTagsViewSchema },
      },
    },
    (request) => core.alertRuleTags.put(actorOf(request), request.params.id, request.body.tags),
  );
}
