import { pageQuerySchema, paginated } from '@oncall/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentedAs } from '../openapi/schema-names';
import { toLegacyEnvelope } from '../pagination/legacy-envelope';
import { typed } from './route-context';

const tags = ['legacy web UI'];

/**
 * Routes the original web UI calls that the contract does not list and that this service has no
 * records for: the profile assets page (`profile/asset`). The zone routes and the status page have
 * their own files.
 */
export function legacyUiRoutes(app: FastifyInstance): void {
  const r = typed(app);
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
