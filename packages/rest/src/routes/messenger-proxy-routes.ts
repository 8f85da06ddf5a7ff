import { messengerProxyBody, messengerProxyListQuery, messengerProxyViewSchema } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { configTypesForLegacyUi, portDigitsFromLegacyUi } from '../legacy/legacy-ui-config-dialect';
import { renamedFieldSchemas, withActive } from '../legacy/renamed-fields';
import { documentedAs } from '../openapi/schema-names';
import { idParams, typed } from './route-context';

const tags = ['messenger proxy configs'];
const legacyPort = { preValidation: portDigitsFromLegacyUi, preSerialization: configTypesForLegacyUi };

/**
 * The messenger proxy configs' path, as the REST contract fixes it: the original product named it
 * after its first messenger. The proxy serves every channel whose plugin asks for it
 * (`capabilities.messengerProxy`), so no one plugin owns the path and it is spelled here, once.
 */
const PROXIES = '/config/telegram';

/** The messenger proxy configs, under `PROXIES`. */
export function messengerProxyRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  const proxies = core.messengerProxies;
  const proxyRead = documentedAs(
    messengerProxyViewSchema.extend(renamedFieldSchemas.messengerProxy.shape),
    'MessengerProxyRead',
  );
  r.get(
    PROXIES,
    {
      ...legacyPort,
      schema: {
        tags,
        querystring: messengerProxyListQuery,
        response: { 200: z.array(proxyRead) },
      },
    },
    async (request) => (await proxies.list(actorOf(request), request.query)).map(withActive),
  );
  r.post(
    PROXIES,
    {
      ...legacyPort,
      schema: { tags, body: messengerProxyBody, response: { 200: messengerProxyViewSchema } },
    },
    (request) => proxies.create(actorOf(request), request.body),
  );
  r.post(
    `${PROXIES}/deactivate`,
    {
      schema: {
        tags,
        response: {
          200: z.object({ status: z.boolean(), deactivated: messengerProxyViewSchema.nullable() }),
        },
      },
    },
    async (request) => ({ status: true, deactivated: await proxies.deactivate(actorOf(request)) }),
  );
  r.post(
    `${PROXIES}/activate/:id`,
    { schema: { tags, params: idParams, response: { 200: proxyRead } } },
    async (request) => withActive(await proxies.activate(actorOf(request), request.params.id)),
  );
  r.get(
    `${PROXIES}/:id`,
    { ...legacyPort, schema: { tags, params: idParams, response: { 200: proxyRead } } },
    async (request) => withActive(await proxies.get(actorOf(request), request.params.id)),
  );
  r.put(
    `${PROXIES}/:id`,
    {
      ...legacyPort,
      schema: {
        tags,
        params: idParams,
        body: messengerProxyBody,
        response: { 200: messengerProxyViewSchema },
      },
    },
    (request) => proxies.update(actorOf(request), request.params.id, request.body),
  );
  r.delete(
    `${PROXIES}/:id`,
    { schema: { tags, params: idParams, response: { 200: messengerProxyViewSchema } } },
    (request) => proxies.delete(actorOf(request), request.params.id),
  );
}
