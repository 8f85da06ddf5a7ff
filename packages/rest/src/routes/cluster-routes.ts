import { clusterBody, clusterViewSchema } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/actor-hook';
import { typed } from './route-context';

const tags = ['cluster'];

/** `config/core/cluster`, and `config/skylogs/cluster` where the original web UI reads and saves it. */
export function clusterRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  for (const path of ['/config/core/cluster', '/config/skylogs/cluster']) {
    r.get(path, { schema: { tags, response: { 200: clusterViewSchema } } }, (request) =>
      core.cluster.get(actorOf(request)),
    );
    r.post(path, { schema: { tags, body: clusterBody, response: { 200: clusterViewSchema } } }, (request) =>
      core.cluster.save(actorOf(request), request.body),
    );
  }
}
