import { PassThrough } from 'node:stream';
import { bearerToken } from '@oncall/contracts';
import { type Actor, type Core, domainErrorOf, unauthenticated } from '@oncall/core';
import type { Zones } from '@oncall/zones';
import { type AnyTRPCRouter, TRPCError } from '@trpc/server';
import {
  getErrorShape,
  getHTTPStatusCodeFromError,
  parseConnectionParamsFromString,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toTRPCError } from '../errors/to-trpc-error';

/** Procedures the main answers whatever zone a request names: sign-in and the registry are about the main. */
const MAIN_ONLY = /^(auth|zones)\./;

/** The live feed, which follows a zone as a stream rather than a call. */
const LIVE_PATH = 'live.events';

interface ForwardingOptions {
  core: Core;
  zones: Zones;
  prefix: string;
  router: AnyTRPCRouter;
}

/**
 * `X-Cluster` on the tRPC face, as on REST: a call naming a registered agent zone is sent there
 * with the main's assertion of the caller (never the caller's token), the batch and its input as
 * they came, and answered with the agent's status and body. Failing to forward (unknown zone 404,
 * revoked token 409, unreachable 502) is answered in tRPC's error shape.
 *
 * The live feed follows a zone too: `live.events` naming one (by `X-Cluster`, or by the connection
 * param `zone`, since an EventSource cannot set headers) is the agent's stream, passed through.
 */
export function tRPCZoneForwarding(app: FastifyInstance, options: ForwardingOptions): void {
  // Streams followed from agents would hold the server's close, as its own live streams would.
  const following = new Set<AbortController>();
  app.addHook('preClose', async () => {
    for (const stream of following) stream.abort();
  });
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith(`${options.prefix}/`)) return;
    const paths = decodeURIComponent(request.url.slice(options.prefix.length + 1).split('?')[0] ?? '');
    try {
      if (paths === LIVE_PATH && request.method === 'GET')
        return await followZone(options, following, request, reply);
      const zone = headerZone(request);
      if (!zone || paths.split(',').some((path) => MAIN_ONLY.test(path))) return;
      const actor = await callerOf(options.core, bearerToken(request.headers.authorization));
      const answer = await options.zones.forward(actor, zone, {
        method: request.method,
        path: request.url,
        body: request.body,
        requestId: request.id,
      });
      if (!answer) return;
      if (answer.contentType) reply.header('content-type', answer.contentType);
      return reply.status(answer.status).send(answer.body);
    } catch (error) {
      if (!domainErrorOf(error)) throw error;
      const trpcError = errorOf(error);
      return reply
        .status(getHTTPStatusCodeFromError(trpcError))
        .send({ error: shapeOf(options, trpcError, paths) });
    }
  });
}

/**
 * The live feed of the zone the stream names, from the agent, as the agent sends it (its frames,
 * event ids and replay after `Last-Event-Id`). The caller's token stays on the main: the agent
 * gets the main's assertion and the query without the connection params. The main watches the
 * caller's session as it does for its own streams, and ends the stream when it no longer holds.
 * The client gone closes the agent's stream.
 */
async function followZone(
  options: ForwardingOptions,
  following: Set<AbortController>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const url = new URL(request.url, 'http://localhost');
  const params = connectionParamsOf(url.searchParams.get('connectionParams'));
  const zone = headerZone(request) ?? params?.zone?.trim();
  if (!zone) return;
  const token = bearerToken(request.headers.authorization) ?? params?.token;
  const actor = await callerOf(options.core, token);
  url.searchParams.delete('connectionParams');
  const closed = new AbortController();
  following.add(closed);
  reply.raw.once('close', () => {
    following.delete(closed);
    closed.abort();
  });
  const lastEventId = request.headers['last-event-id'];
  const answer = await options.zones.stream(
    actor,
    zone,
    {
      path: `${url.pathname}${url.search}`,
      lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined,
      requestId: request.id,
    },
    closed.signal,
  );
  if (!answer) return;
  const out = new PassThrough();
  const ended = () => {
    clearInterval(sessionCheck);
    // Already ended when the session lapsed: its error frame was the stream's last.
    if (!out.writableEnded) out.end();
  };
  answer.body.once('end', ended).once('error', ended).pipe(out, { end: false });
  const sessionCheck = setInterval(() => {
    const holds = token ? options.core.auth.authenticate(token).then(() => true) : Promise.resolve(false);
    void holds
      .catch(() => false)
      .then((still) => {
        if (still || out.writableEnded) return;
        clearInterval(sessionCheck);
        answer.body.unpipe(out);
        closed.abort();
        const shape = shapeOf(options, errorOf(unauthenticated()), LIVE_PATH);
        const serialized = JSON.stringify(options.router._def._config.transformer.output.serialize(shape));
        out.end(`event: serialized-error\ndata: ${serialized}\n\n\n`);
      });
  }, options.core.live.sessionCheckMs);
  sessionCheck.unref();
  reply.raw.once('close', () => clearInterval(sessionCheck));
  reply.status(answer.status).header('cache-control', 'no-cache, no-transform');
  if (answer.contentType) reply.header('content-type', answer.contentType);
  request.raw.socket.setNoDelay(true);
  return reply.send(out);
}

async function callerOf(core: Core, token: string | undefined): Promise<Actor> {
  if (!token) throw unauthenticated();
  return core.auth.authenticate(token);
}

function headerZone(request: FastifyRequest): string | undefined {
  const named = request.headers['x-cluster'];
  const zone = (Array.isArray(named) ? named.join(',') : named)?.trim();
  return zone ? zone : undefined;
}

function connectionParamsOf(text: string | null): Record<string, string | undefined> | null {
  if (text === null) return null;
  try {
    return parseConnectionParamsFromString(text);
  } catch {
    // Malformed connection params: the live route's own handling answers them.
    return null;
  }
}

function errorOf(error: unknown): TRPCError {
  return toTRPCError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error }));
}

function shapeOf(options: ForwardingOptions, error: TRPCError, path: string) {
  return getErrorShape({
    config: options.router._def._config,
    error,
    type: 'unknown',
    path,
    input: undefined,
    ctx: undefined,
  });
}
