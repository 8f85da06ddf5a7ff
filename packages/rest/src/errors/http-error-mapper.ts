import type { ErrorBody } from '@oncall/contracts';
import { domainErrorOf, type ErrorCode } from '@oncall/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  validation_failed: 422,
  rate_limited: 429,
  too_many_streams: 429,
  conflict: 409,
  unavailable: 503,
  // A bad gateway: the data source behind the request failed, not this service.
  source_unavailable: 502,
  // The agent zone a request was forwarded to did not answer: a bad gateway too.
  zone_unreachable: 502,
  // On an agent: the row is a copy of the main's, changed only there.
  managed_by_main: 409,
};

/** Fastify's own body-parsing failures are bad input like any other: 422 on the `body` field. */
const BODY_PARSE_CODES = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);

interface Mapped {
  status: number;
  body: ErrorBody;
  retryAfterSeconds?: number;
}

/** The one place where errors become HTTP answers. Anything unforeseen is a logged 500 with no details. */
export function mapError(error: unknown): Mapped {
  const domain = domainErrorOf(error);
  if (domain) {
    return {
      status: STATUS_BY_CODE[domain.code],
      body: {
        message: domain.message,
        code: domain.code,
        ...(domain.fieldErrors ? { errors: domain.fieldErrors } : {}),
      },
      retryAfterSeconds: domain.retryAfterSeconds,
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = (error as FastifyError).validationContext;
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.split('/').filter(Boolean).join('.');
      const key = path || (where === 'body' ? 'body' : (where ?? 'request'));
      errors[key] = [...(errors[key] ?? []), issue.message ?? 'The value is invalid.'];
    }
    const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
    return { status: 422, body: { message: first, code: 'validation_failed', errors } };
  }
  if (fastifyError.code && BODY_PARSE_CODES.has(fastifyError.code)) {
    const message = 'The request body is not valid JSON.';
    return { status: 422, body: { message, code: 'validation_failed', errors: { body: [message] } } };
  }
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, body: { message: 'The request body is too large.', code: 'payload_too_large' } };
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return {
      status: 415,
      body: { message: 'Send the request body as application/json.', code: 'unsupported_media_type' },
    };
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const message = fastifyError.message ?? 'Bad request.';
    return { status: 422, body: { message, code: 'validation_failed', errors: { request: [message] } } };
  }
  return { status: 500, body: { message: 'Internal server error.', code: 'internal' } };
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const mapped = mapError(error);
  // A database that cannot serve in time is an expected condition with its own answer, not a bug.
  if (mapped.body.code === 'unavailable') request.log.warn({ err: error }, 'database unavailable');
  // A data source that is down is the operator's news, given in the answer; not this service's bug.
  else if (mapped.body.code === 'source_unavailable')
    request.log.info({ err: error }, 'data source unavailable');
  else if (mapped.body.code === 'zone_unreachable') request.log.warn({ err: error }, 'zone unreachable');
  else if (mapped.status >= 500) request.log.error({ err: error }, 'unhandled error');
  if (mapped.retryAfterSeconds !== undefined) reply.header('Retry-After', String(mapped.retryAfterSeconds));
  return reply.status(mapped.status).send(mapped.body);
}
