import {
  paginated,
  statusCardSchema,
  statusGroupBody,
  statusGroupListQuery,
  statusGroupViewSchema,
} from '@oncall/contracts';
import type { Core, StatusGroupView } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { documentedAs } from '../openapi/schema-names';
import { toLegacyEnvelope } from '../pagination/legacy-envelope';
import { idParams, typed } from './route-context';

const tags = ['status page'];

/** Writes answer as the original product did (`{status: true}`, which the web UI checks), the group beside. */
const statusGroupAnswer = documentedAs(
  z.object({ status: z.literal(true), data: statusGroupViewSchema }),
  'StatusGroupAnswer',
);
const answered = (data: StatusGroupView) => ({ status: true as const, data });

/**
 * `/status`: the status page's groups (owner and manager roles) and its cards (`status/all`,
 * everyone signed in), under the original product's paths.
 */
export function statusGroupRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  const groups = core.statusGroups;
  r.get(
    '/status/all',
    {
      schema: {
        tags,
        description:
          'The status page: one card per status group, by name, counting the rules the caller sees ' +
          'that carry all of its tags.',
        response: { 200: z.array(statusCardSchema) },
      },
    },
    (request) => groups.cards(actorOf(request)),
  );
  r.get(
    '/status',
    {
      schema: {
        tags,
        description: 'The status groups, by name, in the paginator envelope.',
        querystring: statusGroupListQuery,
        response: { 200: documentedAs(paginated(statusGroupViewSchema), 'StatusGroupPage') },
      },
    },
    async (request) => toLegacyEnvelope(await groups.list(actorOf(request), request.query)),
  );
  r.get(
    '/status/:id',
    { schema: { tags, params: idParams, response: { 200: statusGroupViewSchema } } },
    (request) => groups.get(actorOf(request), request.params.id),
  );
  r.post(
    '/status',
    {
      schema: {
        tags,
        description: 'Adds a status group; its name is unique (a 422 at `name` when taken).',
        body: statusGroupBody,
        response: { 200: statusGroupAnswer },
      },
    },
    async (request) => answered(await groups.create(actorOf(request), request.body)),
  );
  r.put(
    '/status/:id',
    {
      schema: { tags, params: idParams, body: statusGroupBody, response: { 200: statusGroupAnswer } },
    },
    async (request) => answered(await groups.update(actorOf(request), request.params.id, request.body)),
  );
  r.delete(
    '/status/:id',
    { schema: { tags, params: idParams, response: { 200: statusGroupAnswer } } },
    async (request) => answered(await groups.delete(actorOf(request), request.params.id)),
  );
}
