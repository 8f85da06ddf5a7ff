import { pageQuerySchema, paginated } from '@oncall/contracts';
import type { Zones } from '@oncall/zones';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { documentedAs } from '../openapi/schema-names';
import { toLegacyEnvelope } from '../pagination/legacy-envelope';
import { idParams, typed } from './route-context';

const tags = ['legacy web UI'];

const zoneSchema = documentedAs(
  z.object({ id: z.string(), name: z.string(), type: z.enum(['main', 'agent']), url: z.string() }),
  'Zone',
);

/**
 * `/skylogs-instance`: the zone picker and the Clusters page of the original web UI, over the main
 * and the agent zones registered on it. These routes answer whatever zone a request names in
 * `X-Cluster` (the picker is how a user leaves one).
 */
export function zoneRoutes(app: FastifyInstance, zones: Zones): void {
  const r = typed(app);
  r.get(
    '/skylogs-instance/all',
    {
      schema: {
        tags,
        description:
          'The zones a request may name (`X-Cluster`), never their tokens: the main first, then the registered agents.',
        response: { 200: z.array(zoneSchema) },
      },
    },
    (request) => zones.picker(actorOf(request)),
  );
  r.get(
    '/skylogs-instance',
    {
      schema: {
        tags,
        description:
          'The Clusters page (owner and manager roles), in the paginator envelope: the main, then the agents.',
        querystring: pageQuerySchema.extend({ name: z.string().max(190).optional() }),
        response: { 200: documentedAs(paginated(zoneSchema), 'ZonePage') },
      },
    },
    async (request) => {
      const items = await zones.instances(actorOf(request), request.query);
      return toLegacyEnvelope({ ...request.query, items, total: items.length });
    },
  );
  r.get(
    '/skylogs-instance/:id',
    {
      schema: {
        tags,
        description: 'One zone: `main` or an agent.',
        params: idParams,
        response: { 200: zoneSchema },
      },
    },
    (request) => zones.instance(actorOf(request), request.params.id),
  );
  r.get(
    '/skylogs-instance/status/:id',
    {
      schema: {
        tags,
        description:
          'Whether the zone answers: the main is the deployment answering; an agent, when its last heartbeat is recent.',
        params: idParams,
        response: { 200: z.object({ isConnected: z.boolean() }) },
      },
    },
    (request) => zones.connection(actorOf(request), request.params.id),
  );
  r.post(
    '/skylogs-instance',
    {
      schema: {
        tags,
        description:
          'Always a 409 (`conflict`): agents are registered with `POST /zones`, which shows the token once.',
        response: { 200: zoneSchema },
      },
    },
    (request) => zones.legacyRegister(actorOf(request)),
  );
  r.put(
    '/skylogs-instance/:id',
    {
      schema: {
        tags,
        description: 'A 409 (`conflict`): the main is fixed; agents are changed with `PUT /zones/{id}`.',
        params: idParams,
        response: { 200: zoneSchema },
      },
    },
    (request) => zones.legacyChange(actorOf(request), request.params.id),
  );
  r.delete(
    '/skylogs-instance/:id',
    {
      schema: {
        tags,
        description:
          'A 409 (`conflict`): the main is this deployment; agents are deleted with `DELETE /zones/{id}`.',
        params: idParams,
        response: { 200: zoneSchema },
      },
    },
    (request) => zones.legacyRemove(actorOf(request), request.params.id),
  );
}
