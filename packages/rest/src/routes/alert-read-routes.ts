import {
  historyQuery,
  paginated,
  ruleActionAnswerSchema,
  statusTimelineQuery,
  statusTimelineSchema,
  triggeredViewSchema,
} from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
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
          'Newest first. Each row adds the fields the legacy web UI reads for the rule type: grafana and ' +
          'pmm `title`, `message`, `alerts`, `dataSourceName`; sentry `action`, `data`, `url`; prometheus ' +
          '`countFire`, `countResolve`, `alerts`; zabbix `event_status`, `alert_subject`, `alert_message`.',
        response: { 200: documentedAs(paginated(legacyHistoryRowSchema), 'AlertHistoryPage') },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const page = await core.alerts.history(actor, request.params.id, request.query);
      const { type } = await core.alertRules.get(actor, request.params.id);
      return toLegacyEnvelope({ ...page, items: page.items.map((entry) => historyRowForType(type, entry)) });
    },
  );
  r.get(
    '/alert-rule/triggered/:id',
    { schema: { tags, params: idParams, response: { 200: triggeredViewSchema } } },
    (request) => core.alerts.triggered(actorOf(request), request.params.id),
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
