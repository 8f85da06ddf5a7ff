import { notificationRuleBody, notificationRuleQuery, notificationRuleViewSchema } from '@oncall/contracts';
import type { NotificationRule, Schedules } from '@oncall/schedules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { documentedAs } from '../openapi/schema-names';
import { idParams, typed } from './route-context';

const tags = ['people'];
const view = documentedAs(notificationRuleViewSchema, 'NotificationRule');
const viewOf = (rule: NotificationRule) => ({ ...rule, createdAt: rule.createdAt.toISOString() });

/**
 * `/profile/notification-rule`: the caller's notification rules, how a page reaches them (which own
 * endpoint, how many minutes in, per urgency). Owners and managers may read another's (`userId`).
 */
export function notificationRuleRoutes(app: FastifyInstance, schedules: Schedules): void {
  const rules = schedules.notificationRules;
  const r = typed(app);
  r.get(
    '/profile/notification-rule',
    { schema: { tags, querystring: notificationRuleQuery, response: { 200: z.array(view) } } },
    async (request) => (await rules.list(actorOf(request), request.query.userId)).map(viewOf),
  );
  r.post(
    '/profile/notification-rule',
    {
      schema: {
        tags,
        description:
          "Adds a rule: pages of this urgency reach this endpoint (one of the caller's own, not a flow) after delayMinutes, unless acknowledged first.",
        body: notificationRuleBody,
        response: { 201: view },
      },
    },
    async (request, reply) =>
      reply.status(201).send(viewOf(await rules.create(actorOf(request), request.body))),
  );
  r.get(
    '/profile/notification-rule/:id',
    { schema: { tags, params: idParams, response: { 200: view } } },
    async (request) => viewOf(await rules.get(actorOf(request), request.params.id)),
  );
  r.put(
    '/profile/notification-rule/:id',
    { schema: { tags, params: idParams, body: notificationRuleBody, response: { 200: view } } },
    async (request) => viewOf(await rules.update(actorOf(request), request.params.id, request.body)),
  );
  r.delete(
    '/profile/notification-rule/:id',
    { schema: { tags, params: idParams, response: { 200: view } } },
    async (request) => viewOf(await rules.remove(actorOf(request), request.params.id)),
  );
}
