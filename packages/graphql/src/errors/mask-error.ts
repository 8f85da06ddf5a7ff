import { DomainError } from '@oncall/core';
import { GraphQLError } from 'graphql';
import { maskError } from 'graphql-yoga';

/**
 * The one place where resolver failures become GraphQL errors. A DomainError keeps its message
 * and gets `extensions.code` (its code upper-cased: FORBIDDEN, NOT_FOUND, VALIDATION_FAILED, …)
 * plus `fieldErrors` (path → messages, as REST's `errors`). GraphQL's own errors (syntax,
 * unknown fields, UNAUTHENTICATED from the context) pass as they are. Anything else is masked
 * as "Unexpected error." and handed to `log`: internals never reach a client, in any mode.
 */
export function createErrorMasker(log: (error: unknown) => void) {
  return (error: unknown, message: string): Error => {
    const original = error instanceof GraphQLError ? error.originalError : error;
    if (original instanceof DomainError) return fromDomainError(original, error);
    const masked = maskError(error, message, false);
    if (masked !== error) log(error);
    return masked;
  };
}

function fromDomainError(domain: DomainError, located: unknown): GraphQLError {
  const at = located instanceof GraphQLError ? located : undefined;
  const retryAfter = domain.retryAfterSeconds;
  return new GraphQLError(domain.message, {
    nodes: at?.nodes,
    source: at?.source,
    positions: at?.positions,
    path: at?.path,
    extensions: {
      code: domain.code.toUpperCase(),
      ...(domain.fieldErrors ? { fieldErrors: domain.fieldErrors } : {}),
      // Yoga turns `http.headers` into response headers and leaves them out of the body.
      ...(retryAfter
        ? { retryAfterSeconds: retryAfter, http: { headers: { 'Retry-After': String(retryAfter) } } }
        : {}),
    },
  });
}
