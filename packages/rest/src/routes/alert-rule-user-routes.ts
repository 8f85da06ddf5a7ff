import { alertRuleAccessBody, alertRuleAccessLegacyViewSchema } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { withLegacyAccessLists } from '../legacy/rule-sub-resource-envelopes';
import { idParams, typed } from './route-context';

const tags = ['alert-rules'];

const memberParams = z.object({ alertId: z.string().max(100), userId: z.string().max(100) });

/** `/alert-rule-user`: the users and teams a rule is shared with. */
export function alertRuleUserRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  r.get(
    '/alert-rule-user/:id',
    { schema: { tags, params: idParams, response: { 200: alertRuleAccessLegacyViewSchema } } },
    async (request) =>
      withLegacyAccessLists(
        core,
        actorOf(request),
        await core.alertRuleAccess.get(actorOf(request), request.params.id),
      ),
  );
  r.put(
    '/alert-rule-user/:id',
    {
      schema: {
        tags,
        description: 'Adds users and teams to those the rule is shared with.',
        params: idParams,
        body: alertRuleAccessBody,
        response: { 200: alertRuleAccessLegacyViewSchema },
      },
    },
    async (request) =>
      withLegacyAccessLists(
        core,
        actorOf(request),
        await core.alertRuleAccess.add(actorOf(request), request.params.id, request.body),
      ),
  );
  r.delete(
    '/alert-rule-user/:alertId/:userId',
    {
      schema: {
        tags,
        description: 'Removes the user or the team with that id from the rule.',
        params: memberParams,
        response: { 200: alertRuleAccessLegacyViewSchema },
      },
    },
    async (request) =>
      withLegacyAccessLists(
        core,
        actorOf(request),
        await core.alertRuleAccess.remove(actorOf(request), request.params.alertId, request.params.userId),
      ),
  );
}
