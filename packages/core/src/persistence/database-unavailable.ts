import { ConnectionException, LockWaitTimeoutException } from '@mikro-orm/core';

/**
 * SQLSTATEs that say "not now" rather than "not this": a lost or refused connection (08), too few
 * resources (53: connections, memory, disk), a statement cancelled by `statement_timeout` (57014),
 * the server shutting down or starting (57P0x), a lock not had within `lock_timeout` (55P03), a
 * session ended by `idle_in_transaction_session_timeout` (25P03), an I/O failure on the server (58).
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|58|57P0)|^(57014|55P03|25P03)$/;

/** Network failures as Node names them (ETIMEDOUT also marks the embedded session's wait). */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres and pg-pool raise these as plain errors without a code: a connection lost or not
 * made in time (`connectionTimeoutMillis`), no pooled connection free in time, a pool already ended.
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Cannot use a pool after calling end)/;

/**
 * Whether a failure means the database could not serve the request in time (unreachable, too slow,
 * out of resources), as opposed to a bug or a bad statement. Looks through `cause` chains, and at
 * errors as the driver raised them and as MikroORM converted them (which copies `code` and message).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 5;
    depth++
  ) {
    if (current instanceof ConnectionException || current instanceof LockWaitTimeoutException) return true;
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
      return true;
    const message = 'message' in current ? current.message : undefined;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
