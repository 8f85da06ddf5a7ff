import { availableProvidersSchema, providerConfigBody, providerConfigViewSchema } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { configTypesForLegacyUi, portDigitsFromLegacyUi } from '../legacy/legacy-ui-config-dialect';
import { legacyConfigFieldsSchema, withLegacyConfigFields } from '../legacy/renamed-fields';
import { documentedAs } from '../openapi/schema-names';
import { idParams, typed } from './route-context';

const tags = ['provider configs'];

/**
 * `/config/{kind}` for every provider config kind the loaded plugins serve (call, email, sms, and
 * plugins' kinds), registered per kind so another word there is a 404 and each kind's body, built
 * from its channels' forms, is documented on its own. Lists are plain arrays: the contract says
 * "200 list", and there are only ever a handful of configs.
 */
export function providerConfigRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  const configs = core.providerConfigs;
  for (const forms of configs.forms.kinds) {
    const { kind } = forms;
    const name = `${kind[0]?.toUpperCase()}${kind.slice(1)}ProviderConfig`;
    const create = documentedAs(providerConfigBody(forms, 'create', { extra: {} }), `${name}CreateBody`);
    const update = documentedAs(providerConfigBody(forms, 'update', { extra: {} }), `${name}UpdateBody`);
    const view = documentedAs(providerConfigViewSchema(forms), name);
    const read = documentedAs(
      providerConfigViewSchema(forms).and(legacyConfigFieldsSchema(forms)),
      `${name}Read`,
    );
    const withLegacyFields = withLegacyConfigFields(forms);
    const base = `/config/${kind}`;
    const legacyPort = {
      preValidation: portDigitsFromLegacyUi,
      preSerialization: configTypesForLegacyUi,
    };
    r.get(base, { ...legacyPort, schema: { tags, response: { 200: z.array(read) } } }, async (request) =>
      (await configs.list(actorOf(request), kind)).map(withLegacyFields),
    );
    r.post(
      base,
      { ...legacyPort, schema: { tags, body: create, response: { 201: view } } },
      async (request, reply) =>
        reply.status(201).send(await configs.create(actorOf(request), kind, request.body)),
    );
    r.get(
      `${base}/providers`,
      { schema: { tags, response: { 200: availableProvidersSchema } } },
      async (request) => configs.providers(actorOf(request), kind),
    );
    r.get(
      `${base}/:id`,
      { ...legacyPort, schema: { tags, params: idParams, response: { 200: read } } },
      async (request) => withLegacyFields(await configs.get(actorOf(request), kind, request.params.id)),
    );
    r.put(
      `${base}/:id`,
      { ...legacyPort, schema: { tags, params: idParams, body: update, response: { 200: view } } },
      (request) => configs.update(actorOf(request), kind, request.params.id, request.body),
    );
    r.delete(`${base}/:id`, { schema: { tags, params: idParams, response: { 200: view } } }, (request) =>
      configs.delete(actorOf(request), kind, request.params.id),
    );
    r.post(
      `${base}/make-default/:id`,
      { schema: { tags, params: idParams, response: { 200: read } } },
      async (request) =>
        withLegacyFields(await configs.makeDefault(actorOf(request), kind, request.params.id)),
    );
    r.post(
      `${base}/make-backup/:id`,
      { schema: { tags, params: idParams, response: { 200: read } } },
      async (request) =>
        withLegacyFields(await configs.makeBackup(actorOf(request), kind, request.params.id)),
    );
  }
}
