import { type DomainError, domainErrorOf } from '@oncall/core';
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
    const domain = domainErrorOf(original);
    if (domain) return fromDomainError(domain, error);
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
      // Yoga turns `http` into the response's status and headers and leaves it out of the body. A
      // database that cannot answer is a 503 here too, so retrying clients and proxies see it.
      ...(retryAfter
        ? {
            retryAfterSeconds: retryAfter,
            http: {
              ...(domain.code === 'unavailable' ? { status: 503 } : {}),
              headers: { 'Retry-After': String(retryAfter) },
            },
          }
        : {}),
    },
  });
}
