import type { IncomingMessage } from 'node:http';
import type { LiveStreamReservation, LiveStreamSlot } from '@oncall/core';
import type { FastifyRequest, onRequestHookHandler, RouteShorthandOptions } from 'fastify';

export interface LiveStreamAdmissionOptions {
  /** A slot for the stream a request asks for, by the user its credentials name, or why not; null when they name no one. */
  reserve: (raw: IncomingMessage) => LiveStreamReservation | null;
  /** The JSON body of a refusal with this message. */
  bodyOf: (message: string) => string;
}

export interface LiveStreamAdmission {
  /** The live route's `childLoggerFactory` and `onRequest`, where requests are admitted or refused. */
  routeOptions: Required<Pick<RouteShorthandOptions, 'childLoggerFactory'>> & {
    onRequest: onRequestHookHandler;
  };
  /** The slot reserved for an admitted request, for its stream to hold; given back when its answer ends anyway. */
  slotOf: (req: FastifyRequest) => LiveStreamSlot | undefined;
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/**
 * Admits a live stream's request, or refuses it 429, before any other work on it. The slot is
 * reserved in the same step as the request is judged, so of a burst of streams only as many as the
 * user has room for go on to verifying the token and reading the session; the others are answered
 * with no hook past `onRequest`, no handler and no exception, for little more than a `/healthz`.
 *
 * The request is judged when Fastify makes its logger, the first thing it does with a routed request,
 * so a refused one is logged at `warn` at most: its two request lines (info) are not written, hundreds
 * a second would cost more than answering them. Each refusal is still counted, by route and status,
 * in `http_requests_total`. The body of the last message is kept: a flood of refusals carries one.
 */
export function liveStreamAdmission({ reserve, bodyOf }: LiveStreamAdmissionOptions): LiveStreamAdmission {
  const judged = new WeakMap<IncomingMessage, LiveStreamReservation>();
  let last: { message: string; body: string } | null = null;
  return {
    routeOptions: {
      childLoggerFactory(logger, bindings, options, raw) {
        const reservation = reserve(raw);
        if (reservation === null) return logger.child(bindings, options);
        judged.set(raw, reservation);
        if (reservation.refusal === undefined) return logger.child(bindings, options);
        const level = LEVELS.indexOf(logger.level) >= LEVELS.indexOf('warn') ? logger.level : 'warn';
        return logger.child(bindings, { ...options, level });
      },
      onRequest(request, reply, done) {
        const reservation = judged.get(request.raw);
        if (reservation?.refusal === undefined) {
          // Whatever becomes of the request (an error before its stream starts, a client gone),
          // its slot is given back with its answer; a stream that holds it gives it back itself.
          if (reservation) reply.raw.once('close', reservation.slot.release);
          return done();
        }
        if (last?.message !== reservation.refusal) {
          last = { message: reservation.refusal, body: bodyOf(reservation.refusal) };
        }
        reply.code(429).type('application/json').send(last.body);
      },
    },
    slotOf: (req) => judged.get(req.raw)?.slot,
  };
}
