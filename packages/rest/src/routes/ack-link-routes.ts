import { ruleActionAnswerSchema } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, typed } from './route-context';

/**
 * The contract's login-link acknowledge for legacy clients: no session, the signed `token` of a
 * message's link (`/ack/<token>`) in the query is the authority, with the same binding to its rule,
 * episode and endpoint. Registered outside the access-token scope for that reason. Messages link
 * to the `/ack/<token>` page instead, which acknowledges only on its button's POST.
 */
export function ackLinkRoutes(app: FastifyInstance, core: Core): void {
  typed(app).get(
    '/alert-rule/acknowledgeL/:id',
    {
      // Fastify answers HEAD by running the GET handler, and link previewers send HEAD: this GET
      // acknowledges, so it has no HEAD.
      exposeHeadRoute: false,
      schema: {
        tags: ['alert-rules'],
        security: [],
        params: idParams,
        querystring: z.object({ token: z.string().max(2048).optional() }),
        response: { 200: ruleActionAnswerSchema },
      },
    },
    (request) => core.ackLinkActions.acknowledgeForRule(request.params.id, request.query.token),
  );
}
