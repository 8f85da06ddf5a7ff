import { isDatabaseUnavailable } from '../persistence/database-unavailable';
import { DomainError, unavailable } from './domain-error';

/**
 * The domain error a failure stands for, for the transports' one mapping place each: a DomainError
 * as it is, a database that could not serve the request in time as `unavailable` (503, Retry-After),
 * anything else undefined (a bug: 500, logged).
 */
export function domainErrorOf(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  if (isDatabaseUnavailable(error)) return unavailable();
  return undefined;
}
