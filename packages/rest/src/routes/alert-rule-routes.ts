import {
  alertRuleCreateBodySchema,
  alertRuleDeleteResultSchema,
  alertRuleEndpointRefSchema,
  alertRuleLegacyFieldsSchema,
  alertRuleListQuery,
  alertRuleUpdateBodySchema,
  alertRuleViewSchema,
  paginated,
} from '@oncall/contracts';
import { type AlertRuleView, alertRuleTypeCatalog, type Core } from '@oncall/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { withLegacyRuleField, withLegacyRuleFields } from '../legacy/alert-rule-legacy-view';
import { ignoreMinutesWithAutoResolveOff } from '../legacy/legacy-rule-form';
import { ruleChoiceLabelsForLegacyUi, ruleChoiceValuesFromLegacyUi } from '../legacy/legacy-ui-rule-choices';
import { documentedAs } from '../openapi/schema-names';
import { toLegacyEnvelope } from '../pagination/legacy-envelope';
import { idParams, typed } from './route-context';

const tags = ['alert-rules'];

const LIST_DESCRIPTION = [
  'Rules the caller can see, pinned first, then newest first.',
  '`alertname`: case-insensitive substring; `userId`: owner or shared user; `types` and `tags`:',
  'comma-separated (or repeated), every tag must be on the rule; `silentStatus`: for the caller;',
  '`status`: rule state, one (`status=critical`), comma-separated (`status=critical,warning`) or',
  'repeated as `status[]=critical&status[]=warning`.',
].join(' ');

/**
 * `/alert-rule`: the rules themselves, pin and silence, and the small pick lists of the list view.
 * Rule types and their fields are the loaded plugins'.
 */
export function alertRuleRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  const catalog = alertRuleTypeCatalog(core.plugins);
  const ruleView = documentedAs(
    alertRuleViewSchema(catalog).extend(alertRuleLegacyFieldsSchema.shape),
    'AlertRule',
  );
  // A write's answer: the rule plus the original's `status: true`, which the legacy UI's forms,
  // pin and silence act on (docs/decisions.md, "The original web UI").
  const ruleWritten = documentedAs(
    alertRuleViewSchema(catalog)
      .extend(alertRuleLegacyFieldsSchema.shape)
      .extend({ status: z.literal(true) }),
    'AlertRuleWritten',
  );
  const written = async (request: FastifyRequest, view: AlertRuleView) => ({
    ...(await withLegacyRuleField(core, actorOf(request), view)),
    status: true as const,
  });
  const types = [...catalog.keys()];
  // The legacy UI's dialect of pick-list fields (labels for values), on every rule it reads or writes.
  const choiceLabels = { preSerialization: ruleChoiceLabelsForLegacyUi(core) };
  const formBody = [ignoreMinutesWithAutoResolveOff, ruleChoiceValuesFromLegacyUi(core)];
  r.get(
    '/alert-rule',
    {
      schema: {
        tags,
        description: LIST_DESCRIPTION,
        querystring: alertRuleListQuery(catalog),
        response: { 200: documentedAs(paginated(ruleView), 'AlertRulePage') },
      },
      ...choiceLabels,
    },
    async (request) => {
      const actor = actorOf(request);
      const page = await core.alertRules.list(actor, request.query);
      return toLegacyEnvelope({ ...page, items: await withLegacyRuleFields(core, actor, page.items) });
    },
  );
  r.post(
    '/alert-rule',
    {
      schema: {
        tags,
        body: documentedAs(alertRuleCreateBodySchema(catalog, 'strip'), 'AlertRuleCreateBody'),
        response: { 200: ruleWritten },
      },
      preValidation: formBody,
      ...choiceLabels,
    },
    async (request) => written(request, await core.alertRules.create(actorOf(request), request.body)),
  );
  r.get('/alert-rule/types', { schema: { tags, response: { 200: z.array(z.enum(types)) } } }, (request) =>
    core.alertRules.types(actorOf(request)),
  );
  r.get(
    '/alert-rule/filter-endpoints',
    { schema: { tags, response: { 200: z.array(alertRuleEndpointRefSchema) } } },
    (request) => core.alertRules.filterEndpoints(actorOf(request)),
  );
  r.post(
    '/alert-rule/pin/:id',
    { schema: { tags, params: idParams, response: { 200: ruleWritten } }, ...choiceLabels },
    async (request) => written(request, await core.alertRules.pin(actorOf(request), request.params.id)),
  );
  r.post(
    '/alert-rule/silent/:id',
    { schema: { tags, params: idParams, response: { 200: ruleWritten } }, ...choiceLabels },
    async (request) => written(request, await core.alertRules.silent(actorOf(request), request.params.id)),
  );
  r.get(
    '/alert-rule/:id',
    { schema: { tags, params: idParams, response: { 200: ruleView } }, ...choiceLabels },
    async (request) =>
      withLegacyRuleField(
        core,
        actorOf(request),
        await core.alertRules.get(actorOf(request), request.params.id),
      ),
  );
  r.put(
    '/alert-rule/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: documentedAs(alertRuleUpdateBodySchema(catalog, 'strip'), 'AlertRuleUpdateBody'),
        response: { 200: ruleWritten },
      },
      preValidation: formBody,
      ...choiceLabels,
    },
    async (request) =>
      written(request, await core.alertRules.update(actorOf(request), request.params.id, request.body)),
  );
  r.delete(
    '/alert-rule/:id',
    { schema: { tags, params: idParams, response: { 200: alertRuleDeleteResultSchema } } },
    (request) => core.alertRules.delete(actorOf(request), request.params.id),
  );
}
