import {
  endpointBodySchema,
  endpointChangeOwnerBody,
  endpointListQuery,
  endpointViewSchemaFor,
  otpSendBodySchema,
  otpSentSchema,
  paginated,
} from '@oncall/contracts';
import { type Core, endpointCatalogOf } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { documentedAs } from '../openapi/schema-names';
import { toLegacyEnvelope } from '../pagination/legacy-envelope';
import { idParams, typed } from './route-context';

const tags = ['endpoints'];

/** The endpoint routes; their bodies and answers have one shape per endpoint type the core's plugins serve. */
export function endpointRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  const catalog = endpointCatalogOf(core.plugins);
  const endpointCreateBody = documentedAs(
    endpointBodySchema({ catalog, mode: 'create', strictness: 'strip', extra: {} }),
    'EndpointCreateBody',
  );
  const endpointUpdateBody = documentedAs(
    endpointBodySchema({ catalog, mode: 'update', strictness: 'strip', extra: {} }),
    'EndpointUpdateBody',
  );
  const endpointViewSchema = documentedAs(endpointViewSchemaFor(catalog), 'Endpoint');
  const otpSendBody = documentedAs(otpSendBodySchema(catalog, 'strip'), 'OtpSendBody');
  r.get(
    '/endpoint',
    {
      schema: {
        tags,
        querystring: endpointListQuery,
        response: { 200: documentedAs(paginated(endpointViewSchema), 'EndpointPage') },
      },
    },
    async (request) => toLegacyEnvelope(await core.endpoints.list(actorOf(request), request.query)),
  );
  r.post(
    '/endpoint',
    { schema: { tags, body: endpointCreateBody, response: { 201: endpointViewSchema } } },
    async (request, reply) =>
      reply.status(201).send(await core.endpoints.create(actorOf(request), request.body)),
  );
  r.get(
    '/endpoint/indexFlow',
    { schema: { tags, response: { 200: z.array(endpointViewSchema) } } },
    (request) => core.endpoints.indexFlow(actorOf(request)),
  );
  r.get(
    '/endpoint/createFlowEndpoints',
    { schema: { tags, response: { 200: z.array(endpointViewSchema) } } },
    (request) => core.endpoints.flowStepCandidates(actorOf(request)),
  );
  r.post(
    '/endpoint/sendOTP',
    { schema: { tags, body: otpSendBody, response: { 201: otpSentSchema } } },
    async (request, reply) => reply.status(201).send(await core.otp.send(actorOf(request), request.body)),
  );
  r.post(
    '/endpoint/changeOwner/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: endpointChangeOwnerBody,
        response: { 200: endpointViewSchema },
      },
    },
    (request) => core.endpoints.changeOwner(actorOf(request), request.params.id, request.body.userId),
  );
  r.get(
    '/endpoint/:id',
    { schema: { tags, params: idParams, response: { 200: endpointViewSchema } } },
    (request) => core.endpoints.get(actorOf(request), request.params.id),
  );
  r.put(
    '/endpoint/:id',
    { schema: { tags, params: idParams, body: endpointUpdateBody, response: { 200: endpointViewSchema } } },
    (request) => core.endpoints.update(actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/endpoint/:id',
    { schema: { tags, params: idParams, response: { 200: endpointViewSchema } } },
    (request) => core.endpoints.delete(actorOf(request), request.params.id),
  );
}
