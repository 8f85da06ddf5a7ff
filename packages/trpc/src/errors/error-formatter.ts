import { DomainError } from '@oncall/core';
import type { TRPCDefaultErrorShape, TRPCError } from '@trpc/server';

/**
 * Adds the stable domain code, `fieldErrors` (path → messages, as REST's `errors`) and
 * `retryAfterSeconds` to every error shape. Unexpected failures keep only a generic message and
 * no stack: internals (SQL, file paths) never reach a client; the server logs them instead.
 */
export function errorFormatter({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }) {
  const domain = error.cause instanceof DomainError ? error.cause : undefined;
  const unexpected = error.code === 'INTERNAL_SERVER_ERROR';
  return {
    code: shape.code,
    message: unexpected ? 'Internal server error.' : shape.message,
    data: {
      code: shape.data.code,
      httpStatus: shape.data.httpStatus,
      path: shape.data.path,
      domainCode: domain?.code ?? null,
      fieldErrors: domain?.fieldErrors ?? null,
      retryAfterSeconds: domain?.retryAfterSeconds ?? null,
    },
  };
}
