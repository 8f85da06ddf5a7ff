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

/** `/config/telegram`: the messenger proxy configs (the path keeps the legacy name). */
export function messengerProxyRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  const proxies = core.messengerProxies;
  const proxyRead = documentedAs(
    messengerProxyViewSchema.extend(renamedFieldSchemas.messengerProxy.shape),
    'MessengerProxyRead',
  );
  r.get(
    '/config/telegram',
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
    '/config/telegram',
    {
      ...legacyPort,
      schema: { tags, body: messengerProxyBody, response: { 200: messengerProxyViewSchema } },
    },
    (request) => proxies.create(actorOf(request), request.body),
  );
  r.post(
    '/config/telegram/deactivate',
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
    '/config/telegram/activate/:id',
    { schema: { tags, params: idParams, response: { 200: proxyRead } } },
    async (request) => withActive(await proxies.activate(actorOf(request), request.params.id)),
  );
  r.get(
    '/config/telegram/:id',
    { ...legacyPort, schema: { tags, params: idParams, response: { 200: proxyRead } } },
    async (request) => withActive(await proxies.get(actorOf(request), request.params.id)),
  );
  r.put(
    '/config/telegram/:id',
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
    '/config/telegram/:id',
    { schema: { tags, params: idParams, response: { 200: messengerProxyViewSchema } } },
    (request) => proxies.delete(actorOf(request), request.params.id),
  );
}
