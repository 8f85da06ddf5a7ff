import { pageQuerySchema, paginated } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { documentedAs } from '../openapi/schema-names';
import { toLegacyEnvelope } from '../pagination/legacy-envelope';
import { typed } from './route-context';

const tags = ['legacy web UI'];

const zoneSchema = documentedAs(
  z.object({ id: z.string(), name: z.string(), type: z.literal('main'), url: z.string() }),
  'Zone',
);

const statusCardSchema = documentedAs(
  z.object({
    id: z.string(),
    name: z.string(),
    state: z.enum(['critical', 'warning', 'resolved']),
    criticalCount: z.number().int(),
    warningCount: z.number().int(),
    tags: z.array(z.string()),
    alertsTags: z.array(z.string()),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
  'StatusCard',
);

/**
 * Routes the original web UI calls that the contract does not list, in the original's shapes:
 * the zone picker and Clusters page (`skylogs-instance`), the status page (`status/all`) and the
 * profile assets page (`profile/asset`).
 */
export function legacyUiRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  r.get(
    '/skylogs-instance/all',
    {
      schema: {
        tags,
        description: 'The zones a request may name (`X-Cluster`): the main alone, never its token.',
        response: { 200: z.array(zoneSchema) },
      },
    },
    (request) => core.zones.zones(actorOf(request)),
  );
  r.get(
    '/skylogs-instance',
    {
      schema: {
        tags,
        description:
          'The Clusters page (owner and manager roles): the main alone, in the paginator envelope.',
        querystring: pageQuerySchema,
        response: { 200: documentedAs(paginated(zoneSchema), 'ZonePage') },
      },
    },
    (request) => {
      const zones = core.zones.instances(actorOf(request));
      return toLegacyEnvelope({ ...request.query, items: zones, total: zones.length });
    },
  );
  r.get(
    '/status/all',
    {
      schema: {
        tags,
        description:
          'The status page: one card per tag on the rules the caller sees, critical while any of its ' +
          'rules is, else warning while any is, else resolved.',
        response: { 200: z.array(statusCardSchema) },
      },
    },
    (request) => core.tagStatusCards.all(actorOf(request)),
  );
  r.get(
    '/profile/asset',
    {
      schema: {
        tags,
        description: 'Profile assets of the original product; this service keeps none: always an empty page.',
        querystring: pageQuerySchema,
        response: { 200: documentedAs(paginated(z.object({ id: z.string() })), 'ProfileAssetPage') },
      },
    },
    (request) => toLegacyEnvelope({ ...request.query, items: [], total: 0 }),
  );
}
