import { heartbeatControlBody, heartbeatRuleViewSchema } from '@oncall/contracts';
import type { Heartbeats } from '@oncall/heartbeats';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/actor-hook';
import { idParams, typed } from './route-context';

const tags = ['alert-rules'];

/** A heartbeat rule's jobs (`GET`), and pausing or resuming them (rule admins). */
export function heartbeatRuleRoutes(app: FastifyInstance, heartbeats: Heartbeats): void {
  const r = typed(app);
  const response = { 200: heartbeatRuleViewSchema };
  r.get('/alert-rule/:id/heartbeats', { schema: { tags, params: idParams, response } }, (request) =>
    heartbeats.list(actorOf(request), request.params.id),
  );
  r.post(
    '/alert-rule/:id/heartbeats/pause',
    {
      schema: {
        tags,
        description: 'Stops watching one heartbeat or all of the rule; an open episode resolves.',
        params: idParams,
        body: heartbeatControlBody,
        response,
      },
    },
    (request) => heartbeats.pause(actorOf(request), request.params.id, request.body.instance),
  );
  r.post(
    '/alert-rule/:id/heartbeats/resume',
    {
      schema: {
        tags,
        description: 'Watches paused heartbeats again, their next ping due by the schedule from now.',
        params: idParams,
        body: heartbeatControlBody,
        response,
      },
    },
    (request) => heartbeats.resume(actorOf(request), request.params.id, request.body.instance),
  );
}
