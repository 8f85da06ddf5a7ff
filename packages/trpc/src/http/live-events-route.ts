import { Readable } from 'node:stream';
import { type LiveStreamReservation, tooManyStreams } from '@oncall/core';
import type { AnyTRPCRouter, TRPCError } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import {
  getErrorShape,
  getProcedureAtPath,
  getTRPCErrorFromUnknown,
  isAbortError,
  isAsyncIterable,
  isObject,
  isTrackedEnvelope,
  parseConnectionParamsFromString,
  sseHeaders,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TrpcContext } from '../context';
import { toTRPCError } from '../errors/to-trpc-error';
import { liveStreamAdmission } from './live-stream-admission';
import { queryParam } from './query-param';

const PATH = 'live.events';

export interface LiveEventsRouteOptions<TRouter extends AnyTRPCRouter> {
  prefix: string;
  trpcOptions: FastifyTRPCPluginOptions<TRouter>['trpcOptions'];
  /** The context of a request, as the tRPC mount makes it (the token from a header or the connection params). */
  contextOf: (
    req: FastifyRequest,
    connectionParams: Record<string, string | undefined> | null,
  ) => TrpcContext;
  /**
   * A slot for the stream asked for with these credentials, by the user the token names, unverified
   * (a forged token holds its user's slot only until its signature check fails), or why not; null
   * when they name no one.
   */
  reserveStream: (
    authorization: string | undefined,
    connectionParams: Record<string, string | undefined> | null,
  ) => LiveStreamReservation | null;
  /** Told of an error a stream ends with, as tRPC's `onError` is. */
  onError: (error: TRPCError, req: FastifyRequest) => void;
}

/**
 * `GET <prefix>/live.events` answered with tRPC's own SSE frames (`httpSubscriptionLink` reads it
 * unchanged), but each batch encoded once for every subscriber it goes to, not once per client.
 * tRPC's producer serializes, frames and text-encodes each message per client through web streams,
 * which at 200 clients and 1,000 changes a second was most of the server's time; the feed hands
 * all subscribers of an audience the same batch array, and its frame is cached by that array.
 *
 * The procedure itself runs as tRPC runs it (its middleware: error mapping, input checks, the
 * session; the input parser; `lastEventId` from the header or query merged into the input). A
 * request that fails before streaming, or is not a plain SSE subscription, is handed to tRPC's own
 * handler, which answers it as it always did. A stream its user has no room for is answered 429
 * before any of that (`earlyRefusal`): a flood of them costs what as many static answers cost.
 */
export function registerLiveEventsRoute<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  options: LiveEventsRouteOptions<TRouter>,
): void {
  const { router } = options.trpcOptions;
  const config = router._def._config;
  const serialize = (value: unknown): string => JSON.stringify(config.transformer.output.serialize(value));
  const connected = Buffer.from(`event: connected\ndata: ${JSON.stringify(config.sse?.client ?? {})}\n\n\n`);
  const returned = Buffer.from('event: return\ndata: \n\n\n');
  /**
   * A batch's frame, by the batch array its subscribers share; gone with the array. The array is
   * key enough: the procedure's message is `{ events }` tracked with the last event's id.
   */
  const frames = new WeakMap<object, Buffer>();
  const frameOf = (value: unknown): Buffer => {
    if (!isTrackedEnvelope(value)) return Buffer.from(`data: ${serialize(value)}\n\n\n`);
    const [id, data] = value;
    const shared = isObject(data) && Array.isArray(data.events) ? data.events : null;
    const cached = shared && frames.get(shared);
    if (cached) return cached;
    const frame = Buffer.from(`data: ${serialize(data)}\nid: ${id}\n\n\n`);
    if (shared) frames.set(shared, frame);
    return frame;
  };

  // SSE options this route does not reproduce (pings, a maximum duration, SSE turned off) leave
  // every request to tRPC.
  const sseAsIs =
    config.sse?.enabled !== false &&
    !config.sse?.ping?.enabled &&
    !config.sse?.maxDurationMs &&
    !config.sse?.emitAndEndImmediately;
  const viaTrpc = (req: FastifyRequest, reply: FastifyReply) =>
    fastifyRequestHandler({ ...options.trpcOptions, req, res: reply, path: PATH });

  const refusalAnswer = (error: TRPCError): string =>
    serialize({
      error: getErrorShape({
        config,
        ctx: undefined,
        error,
        input: undefined,
        path: PATH,
        type: 'subscription',
      }),
    });
  // A stream is admitted, its slot reserved, or refused before any other work on the request, with
  // tRPC's error body (the procedure reserves one itself for clients that come through tRPC's
  // handler).
  const admission = liveStreamAdmission({
    reserve: (raw) => {
      const params = queryParam(raw.url ?? '', 'connectionParams');
      try {
        const connectionParams = params === null ? null : parseConnectionParamsFromString(params);
        return options.reserveStream(raw.headers.authorization, connectionParams);
      } catch {
        // Malformed connection params: tRPC's handler answers them.
        return null;
      }
    },
    bodyOf: (message) => refusalAnswer(toTRPCError(getTRPCErrorFromUnknown(tooManyStreams(message)))),
  });

  const routeOptions = { exposeHeadRoute: false, ...admission.routeOptions };
  app.get(`${options.prefix}/${PATH}`, routeOptions, async (req, reply) => {
    const url = new URL(req.url, 'http://localhost');
    const query = url.searchParams;
    const plain =
      sseAsIs &&
      query.get('batch') === null &&
      req.headers['trpc-accept'] === undefined &&
      (req.headers['content-type'] === undefined ||
        req.headers['content-type'].startsWith('application/json'));
    if (!plain) {
      // tRPC's handler makes its own context, whose procedure reserves a slot of its own.
      admission.slotOf(req)?.release();
      return viaTrpc(req, reply);
    }

    const abort = new AbortController();
    const onClose = () => abort.abort();
    reply.raw.once('close', onClose);
    let ctx: TrpcContext;
    let input: unknown;
    let iterable: AsyncIterable<unknown>;
    try {
      const params = query.get('connectionParams');
      ctx = {
        ...options.contextOf(req, params === null ? null : parseConnectionParamsFromString(params)),
        liveSlot: admission.slotOf(req),
      };
      const procedure = await getProcedureAtPath(router, PATH);
      const text = query.get('input');
      input = text ? config.transformer.input.deserialize(JSON.parse(text)) : undefined;
      // As tRPC's request parsing: the EventSource's own header first, then the query.
      const lastEventId =
        req.headers['last-event-id'] ?? query.get('lastEventId') ?? query.get('Last-Event-Id');
      let rawInput = input;
      if (typeof lastEventId === 'string' && lastEventId) {
        if (isObject(rawInput)) rawInput = { ...rawInput, lastEventId };
        else rawInput ??= { lastEventId };
      }
      const data: unknown = await procedure?.({
        path: PATH,
        getRawInput: async () => rawInput,
        ctx,
        type: 'subscription',
        signal: abort.signal,
      });
      if (!isAsyncIterable(data)) throw new Error('not a subscription');
      iterable = data;
    } catch (cause) {
      reply.raw.off('close', onClose);
      // No stream holds the slot; tRPC's handler, if it answers, reserves its own.
      admission.slotOf(req)?.release();
      const error = toTRPCError(getTRPCErrorFromUnknown(cause));
      // Refused by the procedure all the same: before anything streams, with a status of its own,
      // where tRPC would send a 200 and the error as the stream's first message.
      if (error.code === 'TOO_MANY_REQUESTS') {
        return reply.code(429).type('application/json').send(refusalAnswer(error));
      }
      // tRPC answers it again, its own way (the error as an SSE `serialized-error`, a 4xx…).
      return viaTrpc(req, reply);
    }

    const formatError = (cause: unknown): Buffer => {
      const error = getTRPCErrorFromUnknown(cause);
      options.onError(error, req);
      const shape = getErrorShape({ config, ctx, error, input, path: PATH, type: 'subscription' });
      return Buffer.from(`event: serialized-error\ndata: ${serialize(shape)}\n\n\n`);
    };
    async function* stream(): AsyncGenerator<Buffer> {
      yield connected;
      try {
        for await (const value of iterable) yield frameOf(value);
        yield returned;
      } catch (cause) {
        if (!isAbortError(cause)) yield formatError(cause);
      }
    }
    req.raw.socket.setNoDelay(true);
    return reply
      .headers({ vary: 'trpc-accept', ...sseHeaders })
      .send(Readable.from(stream(), { objectMode: false }));
  });
}
