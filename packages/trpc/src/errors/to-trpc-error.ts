import { fieldErrorsFromIssues } from '@oncall/contracts';
import { domainErrorOf, type ErrorCode, validationFailed } from '@oncall/core';
import { type TRPC_ERROR_CODE_KEY, TRPCError } from '@trpc/server';
import { z } from 'zod';

const TRPC_CODE: Record<ErrorCode, TRPC_ERROR_CODE_KEY> = {
  unauthenticated: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  validation_failed: 'UNPROCESSABLE_CONTENT',
  rate_limited: 'TOO_MANY_REQUESTS',
  too_many_streams: 'TOO_MANY_REQUESTS',
  conflict: 'CONFLICT',
  unavailable: 'SERVICE_UNAVAILABLE',
  source_unavailable: 'BAD_GATEWAY',
  zone_unreachable: 'BAD_GATEWAY',
  managed_by_main: 'CONFLICT',
};

/**
 * The one place where failures become tRPC codes. A rejected input is turned into the same
 * `validation_failed` DomainError the core raises, so clients handle one kind of 422 whichever
 * layer refused the data; the DomainError stays as `cause` for the error formatter.
 */
export function toTRPCError(error: TRPCError): TRPCError {
  const cause = error.cause;
  const domain = domainErrorOf(cause);
  if (domain) {
    return new TRPCError({ code: TRPC_CODE[domain.code], message: domain.message, cause: domain });
  }
  if (cause instanceof z.ZodError) {
    const domain = validationFailed(fieldErrorsFromIssues(cause.issues));
    return new TRPCError({ code: TRPC_CODE[domain.code], message: domain.message, cause: domain });
  }
  return error;
}
