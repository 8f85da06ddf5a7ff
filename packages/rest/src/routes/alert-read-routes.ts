import {
  historyQuery,
  paginated,
  ruleActionAnswerSchema,
  statusTimelineQuery,
  statusTimelineSchema,
} from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { firingAlertForType, legacyFiringAlertSchema } from '../legacy/firing-alerts-by-rule-type';
import { historyRowForType, legacyHistoryRowSchema } from '../legacy/history-by-rule-type';
import { answerInAskedUnit, readMillisecondTimes } from '../legacy/millisecond-timeline';
import { documentedAs } from '../openapi/schema-names';
import { toLegacyEnvelope } from '../pagination/legacy-envelope';
import { idParams, typed } from './route-context';

const tags = ['alert-rules'];

/** History, status timeline, firing data, acknowledge and manual resolve of alert rules. */
export function alertReadRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  r.get(
    '/alert-rule/all',
    {
      schema: {
        tags,
        description: 'Every rule the caller sees, by name, as a pick list (the legacy Debugging page).',
        response: { 200: z.array(z.object({ id: z.string(), name: z.string(), type: z.string() })) },
      },
    },
    (request) => core.alertRuleOptions.all(actorOf(request)),
  );
  r.get(
    '/alert-rule/status',
    {
      schema: {
        tags,
        description:
          'Times in Unix seconds. A `toTime` of 10^12 or more is taken as milliseconds ' +
          "(the legacy web UI sends `Date.getTime()`): then both times are milliseconds, the answer's " +
          'times are milliseconds too and each segment adds `count` (1) and `summary` (when an event ' +
          'in it has one).',
        querystring: statusTimelineQuery,
        response: { 200: statusTimelineSchema },
      },
      preValidation: readMillisecondTimes,
    },
    async (request) =>
      answerInAskedUnit(request, await core.alerts.statusTimeline(actorOf(request), request.query)),
  );
  r.get(
    '/alert-rule/history/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: historyQuery,
        description:
          "Newest first. Each row adds the fields the legacy web UI's history tab reads for the rule's " +
          "type, as the type's source plugin makes them (counts of fired and resolved alerts, the source's event status...).",
        response: { 200: documentedAs(paginated(legacyHistoryRowSchema), 'AlertHistoryPage') },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const page = await core.alerts.history(actor, request.params.id, request.query);
      const rule = await core.alertRules.get(actor, request.params.id);
      const view = core.plugins.sourceFor(rule.type)?.legacyView;
      return toLegacyEnvelope({
        ...page,
        items: page.items.map((entry) => historyRowForType(rule, entry, view)),
      });
    },
  );
  r.get(
    '/alert-rule/triggered/:id',
    {
      schema: {
        tags,
        params: idParams,
        description:
          "Changed: a bare array, the original web UI's per-type list of what fires now (it was " +
          '`{alertRuleId, type, state, instances, check?}`): one element per firing instance, its fields ' +
          "(what `instances` held) with the names that UI reads and its rule type's own. The rule's " +
          'state is the rule read’s `state`, an evaluated rule’s last check its `evaluation`.',
        response: { 200: documentedAs(z.array(legacyFiringAlertSchema), 'FiringAlertList') },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { instances } = await core.alerts.triggered(actor, request.params.id);
      const rule = await core.alertRules.get(actor, request.params.id);
      const view = core.plugins.sourceFor(rule.type)?.legacyView;
      return instances.map((instance) => firingAlertForType(rule, instance, view));
    },
  );
  r.post(
    '/alert-rule/acknowledge/:id',
    { schema: { tags, params: idParams, response: { 200: ruleActionAnswerSchema } } },
    (request) => core.ruleActions.acknowledge(actorOf(request), request.params.id),
  );
  r.post(
    '/alert-rule/resolve/:id',
    { schema: { tags, params: idParams, response: { 200: ruleActionAnswerSchema } } },
    (request) => core.ruleActions.resolve(actorOf(request), request.params.id),
  );
}
