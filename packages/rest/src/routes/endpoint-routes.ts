import {
  endpointBodySchema,
  endpointChangeOwnerBody,
  endpointHandOverSchema,
  endpointListQuery,
  endpointTransferListQuery,
  endpointTransferSchema,
  endpointViewSchemaFor,
  otpSendBodySchema,
  otpSentSchema,
  paginated,
} from '@oncall/contracts';
import { type Core, endpointCatalogOf } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { withActionAccess } from '../legacy/endpoint-action-access';
import { documentedAs } from '../openapi/schema-names';
import { toLegacyEnvelope } from '../pagination/legacy-envelope';
import { idParams, typed } from './route-context';

const tags = ['endpoints'];

/** `page` and `perPage` are optional here: without either, `indexFlow` answers the bare list. */
const integerText = (label: string) =>
  z
    .string()
    .max(20)
    .regex(/^\s*-?\d+\s*$/, `The ${label} must be an integer.`)
    .optional();
const flowIndexQuery = z.object({
  page: integerText('page'),
  perPage: integerText('per page'),
  name: z.string().max(190).optional(),
});

const TRANSFER_DECISIONS = {
  accept: 'The receiver takes the endpoint (409 when decided already or the giver no longer owns it).',
  decline: "The receiver refuses the endpoint; it stays the giver's.",
  cancel: 'The giver withdraws the offer.',
};

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
  const endpointReadSchema = documentedAs(
    endpointViewSchemaFor(catalog).and(
      z.object({ hasActionAccess: z.boolean().describe('The reader may edit and delete the endpoint.') }),
    ),
    'EndpointRead',
  );
  const otpSendBody = documentedAs(otpSendBodySchema(catalog, 'strip'), 'OtpSendBody');
  r.get(
    '/endpoint',
    {
      schema: {
        tags,
        querystring: endpointListQuery,
        response: { 200: documentedAs(paginated(endpointReadSchema), 'EndpointPage') },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const page = await core.endpoints.list(actor, request.query);
      return toLegacyEnvelope({ ...page, items: page.items.map((view) => withActionAccess(actor, view)) });
    },
  );
  r.post(
    '/endpoint',
    { schema: { tags, body: endpointCreateBody, response: { 201: endpointViewSchema } } },
    async (request, reply) =>
      reply.status(201).send(await core.endpoints.create(actorOf(request), request.body)),
  );
  r.get(
    '/endpoint/indexFlow',
    {
      schema: {
        tags,
        description:
          'The flows the caller sees: every one as a list, or a page in the paginator envelope when ' +
          '`page` or `perPage` is given (`name`: case-insensitive substring).',
        querystring: flowIndexQuery,
        response: {
          200: z.union([
            z.array(endpointReadSchema),
            documentedAs(paginated(endpointReadSchema), 'FlowPage'),
          ]),
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { page, perPage, name } = request.query;
      if (page === undefined && perPage === undefined) {
        return (await core.endpoints.indexFlow(actor)).map((view) => withActionAccess(actor, view));
      }
      const flows = await core.endpoints.flowPage(actor, endpointListQuery.parse({ page, perPage, name }));
      return toLegacyEnvelope({ ...flows, items: flows.items.map((view) => withActionAccess(actor, view)) });
    },
  );
  r.get(
    '/endpoint/createFlowEndpoints',
    { schema: { tags, response: { 200: z.array(endpointReadSchema) } } },
    async (request) => {
      const actor = actorOf(request);
      return (await core.endpoints.flowStepCandidates(actor)).map((view) => withActionAccess(actor, view));
    },
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
        description:
          'An owner or manager moves the endpoint at once (`pending: false`). Anyone else only offers ' +
          "it: the endpoint stays the caller's until the receiver accepts the `transfer`.",
        body: endpointChangeOwnerBody,
        response: { 200: documentedAs(endpointViewSchema.and(endpointHandOverSchema), 'EndpointHandOver') },
      },
    },
    (request) => core.endpoints.changeOwner(actorOf(request), request.params.id, request.body.userId),
  );
  const transferSchema = documentedAs(endpointTransferSchema, 'EndpointTransfer');
  r.get(
    '/endpoint/transfers',
    {
      schema: {
        tags,
        description: 'The pending hand-overs offered to the caller (`incoming`) or by it (`outgoing`).',
        querystring: endpointTransferListQuery,
        response: { 200: z.array(transferSchema) },
      },
    },
    (request) => core.endpointTransfers.listPending(actorOf(request), request.query.direction),
  );
  for (const decision of ['accept', 'decline', 'cancel'] as const) {
    r.post(
      `/endpoint/transfers/:id/${decision}`,
      {
        schema: {
          tags,
          description: TRANSFER_DECISIONS[decision],
          params: idParams,
          response: { 200: transferSchema },
        },
      },
      (request) => core.endpointTransfers.decide(actorOf(request), request.params.id, decision),
    );
  }
  r.get(
    '/endpoint/:id',
    { schema: { tags, params: idParams, response: { 200: endpointReadSchema } } },
    async (request) => {
      const actor = actorOf(request);
      return withActionAccess(actor, await core.endpoints.get(actor, request.params.id));
    },
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
