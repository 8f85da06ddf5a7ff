import { clusterBody, clusterViewSchema } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/actor-hook';
import { typed } from './route-context';

const tags = ['cluster'];

export function clusterRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  r.get('/config/core/cluster', { schema: { tags, response: { 200: clusterViewSchema } } }, (request) =>
    core.cluster.get(actorOf(request)),
  );
  r.post(
    '/config/core/cluster',
    { schema: { tags, body: clusterBody, response: { 200: clusterViewSchema } } },
    (request) => core.cluster.save(actorOf(request), request.body),
  );
}
