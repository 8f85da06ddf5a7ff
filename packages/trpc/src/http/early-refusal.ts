import type { IncomingMessage } from 'node:http';
import type { onRequestHookHandler, RouteShorthandOptions } from 'fastify';

export interface EarlyRefusal {
  /** Why the request is refused (the message its answer carries), or null to let it through. */
  refusalOf: (raw: IncomingMessage) => string | null;
  /** The JSON body of a refusal with this message. */
  bodyOf: (message: string) => string;
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/**
 * Route options that answer a refused request 429 before any other work on it: no hook past
 * `onRequest`, no handler, no exception; answering a burst of hundreds costs little more than
 * answering as many `/healthz`. The request is judged when Fastify makes its logger, the first thing
 * it does with a routed request, so a refused one is logged at `warn` at most: its two request lines
 * (info) are not written, hundreds a second would cost the process more than answering them. Each
 * refusal is still counted, by route and status, in `http_requests_total`.
 *
 * The body of the last message is kept: a flood of refusals all carry the same one.
 */
export function earlyRefusal({
  refusalOf,
  bodyOf,
}: EarlyRefusal): Required<Pick<RouteShorthandOptions, 'childLoggerFactory'>> & {
  onRequest: onRequestHookHandler;
} {
  const refused = new WeakMap<IncomingMessage, string>();
  let last: { message: string; body: string } | null = null;
  return {
    childLoggerFactory(logger, bindings, options, raw) {
      const message = refusalOf(raw);
      if (message === null) return logger.child(bindings, options);
      refused.set(raw, message);
      const level = LEVELS.indexOf(logger.level) >= LEVELS.indexOf('warn') ? logger.level : 'warn';
      return logger.child(bindings, { ...options, level });
    },
    onRequest(request, reply, done) {
      const message = refused.get(request.raw);
      if (message === undefined) return done();
      if (last?.message !== message) last = { message, body: bodyOf(message) };
      reply.code(429).type('application/json').send(last.body);
    },
  };
}
