import type { AppRouter } from '@oncall/trpc';
import { TRPCClientError } from '@trpc/client';

/** A 422 as the tRPC client hands it over: the server's messages per field path. */
export function validationError(fieldErrors: Record<string, string[]>): TRPCClientError<AppRouter> {
  return new TRPCClientError<AppRouter>('Validation failed.', {
    result: {
      error: {
        code: -32022,
        message: 'Validation failed.',
        data: {
          code: 'UNPROCESSABLE_CONTENT',
          httpStatus: 422,
          path: 'endpoints.create',
          domainCode: 'validation_failed',
          fieldErrors,
          retryAfterSeconds: null,
        },
      },
    },
  });
}
