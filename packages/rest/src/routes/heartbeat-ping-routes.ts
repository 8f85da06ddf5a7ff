import { boundedBody, type Heartbeats, instanceKeyOf, pingKindOf, runIdOf } from '@oncall/heartbeats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { documentedAs } from '../openapi/schema-names';
import { typed } from './route-context';

const tags = ['ingestion'];
const params = z.object({
  token: z.string().min(1).max(512),
  action: z
    .string()
    .max(16)
    .optional()
    .describe(
      '`start`, `fail`, or the exit status of the job (0 = success, 1–255 = failure); none: success.',
    ),
});
const query = z.looseObject({
  rid: z.string().max(200).optional().describe('A run id, to tell overlapping runs apart.'),
  instance: z
    .string()
    .max(300)
    .optional()
    .describe('An instance key: each key is its own heartbeat, discovered on its first ping.'),
});
const pingBody = documentedAs(
  z
    .string()
    .nullish()
    .describe("Any text (a job's output): its first 10,000 bytes are kept as the last ping's log."),
  'HeartbeatPingBody',
);
const answer = documentedAs(
  z.object({ status: z.literal(true), state: z.enum(['new', 'up', 'late', 'down', 'paused']) }),
  'HeartbeatPingAnswer',
);

type PingState = z.infer<typeof answer>['state'];
/** Every answer a ping can get, written once: the route sends them as they are, unserialized. */
const ANSWERS = new Map(
  answer.shape.state.options.map((state) => [state, JSON.stringify(answer.parse({ status: true, state }))]),
);
const answerText = (state: PingState): string =>
  ANSWERS.get(state) ?? JSON.stringify({ status: true, state });

/**
 * `/heartbeat/{token}` and `/heartbeat/{token}/{start|fail|exit status}`, by GET, HEAD or POST,
 * as Healthchecks takes them: a job pings with whatever its environment has (`curl`, `wget`, a
 * Kubernetes probe). GET changes state here on purpose (docs/decisions.md): these URLs are given
 * to jobs, never put in messages where link previewers would fetch them. The answer is sent once
 * the ping is committed. Any body of any content type is read as text and bounded.
 */
export function heartbeatPingRoutes(app: FastifyInstance, heartbeats: Heartbeats): void {
  // A job posts whatever it has (`curl --data-binary @log`): every content type is text here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, boundedBody(body as Buffer));
  });
  const r = typed(app);
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const { token, action } = request.params as z.infer<typeof params>;
    const { rid, instance } = request.query as z.infer<typeof query>;
    const { kind, exitStatus } = pingKindOf(action);
    const state = await heartbeats.ping({
      token,
      kind,
      exitStatus,
      instance: instanceKeyOf(instance),
      runId: runIdOf(rid),
      body: typeof request.body === 'string' ? request.body : null,
    });
    // The answer is one of five fixed texts, sent as written: a ping is the hottest route.
    return reply.type('application/json; charset=utf-8').send(answerText(state));
  };
  const schema = { tags, security: [], params, querystring: query, response: { 200: answer } };
  // The token is checked when the request arrives: a bad one is a 404 whatever the rest says.
  const onRequest = async (request: FastifyRequest) => {
    const { token } = request.params as { token?: unknown };
    await heartbeats.admit(typeof token === 'string' ? token : '');
  };
  for (const path of ['/heartbeat/:token', '/heartbeat/:token/:action']) {
    // HEAD is served by the GET route (Fastify's `exposeHeadRoutes`), and pings as it does.
    r.get(path, { schema, onRequest }, handle);
    r.post(path, { schema: { ...schema, body: pingBody }, onRequest }, handle);
  }
}
