import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, typed } from './route-context';

/**
 * The acknowledge link put in messages: no session, the signed `token` in the query is the
 * authority. Registered outside the access-token scope for that reason.
 */
export function ackLinkRoutes(app: FastifyInstance, core: Core): void {
  typed(app).get(
    '/alert-rule/acknowledgeL/:id',
    {
      schema: {
        tags: ['alert-rules'],
        security: [],
        params: idParams,
        querystring: z.object({ token: z.string().max(2048).optional() }),
      },
    },
    (request) => core.ruleActions.acknowledgeByLink(request.params.id, request.query.token),
  );
}
