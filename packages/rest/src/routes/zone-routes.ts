import { pageQuerySchema, paginated } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { documentedAs } from '../openapi/schema-names';
import { toLegacyEnvelope } from '../pagination/legacy-envelope';
import { idParams, typed } from './route-context';

const tags = ['legacy web UI'];

const zoneSchema = documentedAs(
  z.object({ id: z.string(), name: z.string(), type: z.literal('main'), url: z.string() }),
  'Zone',
);

const MAIN_ALONE = 'This deployment serves the main zone alone';

/**
 * `/skylogs-instance`: the zone picker and the Clusters page of the original web UI. These routes
 * answer whatever zone a request names in `X-Cluster` (the picker is how a user leaves one).
 */
export function zoneRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  const zones = core.zones;
  r.get(
    '/skylogs-instance/all',
    {
      schema: {
        tags,
        description: `The zones a request may name (\`X-Cluster\`), never their tokens. ${MAIN_ALONE}.`,
        response: { 200: z.array(zoneSchema) },
      },
    },
    (request) => zones.zones(actorOf(request)),
  );
  r.get(
    '/skylogs-instance',
    {
      schema: {
        tags,
        description: `The Clusters page (owner and manager roles), in the paginator envelope. ${MAIN_ALONE}.`,
        querystring: pageQuerySchema.extend({ name: z.string().max(190).optional() }),
        response: { 200: documentedAs(paginated(zoneSchema), 'ZonePage') },
      },
    },
    (request) => {
      const items = zones.instances(actorOf(request), request.query);
      return toLegacyEnvelope({ ...request.query, items, total: items.length });
    },
  );
  r.get(
    '/skylogs-instance/:id',
    { schema: { tags, description: 'One zone: `main`.', params: idParams, response: { 200: zoneSchema } } },
    (request) => zones.instance(actorOf(request), request.params.id),
  );
  r.get(
    '/skylogs-instance/status/:id',
    {
      schema: {
        tags,
        description: 'Whether the zone answers: the main is the deployment answering.',
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
        description: `Registers an agent zone: always a 409 (\`conflict\`). ${MAIN_ALONE}.`,
        response: { 200: zoneSchema },
      },
    },
    (request) => zones.register(actorOf(request)),
  );
  r.put(
    '/skylogs-instance/:id',
    {
      schema: {
        tags,
        description: 'Edits a zone: a 409 (`conflict`) on the main, whose name is fixed and URL configured.',
        params: idParams,
        response: { 200: zoneSchema },
      },
    },
    (request) => zones.change(actorOf(request), request.params.id),
  );
  r.delete(
    '/skylogs-instance/:id',
    {
      schema: {
        tags,
        description: 'Deletes a zone: a 409 (`conflict`) on the main, which is this deployment.',
        params: idParams,
        response: { 200: zoneSchema },
      },
    },
    (request) => zones.remove(actorOf(request), request.params.id),
  );
}
