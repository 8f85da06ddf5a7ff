import {
  behaviorRuleCreateBody,
  behaviorRuleListSchema,
  behaviorRuleUpdateBody,
  behaviorRuleWriteResultSchema,
  behaviorTemplatePreviewBody,
  behaviorTemplatePreviewSchema,
  selectableAlertRuleSchema,
} from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { typed } from './route-context';

const tags = ['behavior-rules'];
const base = '/alert-rule-behavior-rule';

const alertRuleParams = z.object({ alertRuleId: z.string().max(100) });
const ruleParams = z.object({ alertRuleId: z.string().max(100), ruleId: z.string().max(100) });

/** `/alert-rule-behavior-rule`: notification, template and silent behavior rules of an alert rule. */
export function behaviorRuleRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  r.get(
    `${base}/selectable-alert-rules/:alertRuleId`,
    {
      schema: {
        tags,
        description:
          'Alert rules the caller sees that can be resolved or critical (every type but notification), ' +
          'except this one: what `dependsOnAlertRuleIds` may name.',
        params: alertRuleParams,
        response: { 200: z.array(selectableAlertRuleSchema) },
      },
    },
    (request) => core.behaviorRules.selectableAlertRules(actorOf(request), request.params.alertRuleId),
  );
  r.get(
    `${base}/:alertRuleId`,
    { schema: { tags, params: alertRuleParams, response: { 200: behaviorRuleListSchema } } },
    (request) => core.behaviorRules.list(actorOf(request), request.params.alertRuleId),
  );
  r.post(
    `${base}/:alertRuleId`,
    {
      schema: {
        tags,
        description: 'Adds a behavior rule; admins of the alert rule only.',
        params: alertRuleParams,
        body: behaviorRuleCreateBody,
        response: { 200: behaviorRuleWriteResultSchema },
      },
    },
    (request) => core.behaviorRules.create(actorOf(request), request.params.alertRuleId, request.body),
  );
  r.post(
    `${base}/:alertRuleId/preview`,
    {
      schema: {
        tags,
        description:
          "Renders a template against the rule's last alert event, as a send would; a template that " +
          'does not parse or render is a 422 at `template` naming the line. Changes nothing.',
        params: alertRuleParams,
        body: behaviorTemplatePreviewBody,
        response: { 200: behaviorTemplatePreviewSchema },
      },
    },
    (request) =>
      core.behaviorRules.previewTemplate(actorOf(request), request.params.alertRuleId, request.body.template),
  );
  r.put(
    `${base}/:alertRuleId/:ruleId`,
    {
      schema: {
        tags,
        description: "Changes the fields of the rule's kind; the kind itself cannot change.",
        params: ruleParams,
        body: behaviorRuleUpdateBody,
        response: { 200: behaviorRuleWriteResultSchema },
      },
    },
    (request) =>
      core.behaviorRules.update(
        actorOf(request),
        request.params.alertRuleId,
        request.params.ruleId,
        request.body,
      ),
  );
  r.delete(
    `${base}/:alertRuleId/:ruleId`,
    {
      schema: {
        tags,
        description: 'Deletes the behavior rule and answers it as it was.',
        params: ruleParams,
        response: { 200: behaviorRuleWriteResultSchema },
      },
    },
    (request) =>
      core.behaviorRules.delete(actorOf(request), request.params.alertRuleId, request.params.ruleId),
  );
}
