import { ConnectionException, LockWaitTimeoutException } from '@mikro-orm/core';

/** SQLSTATEs of a connection lost, refused or not yet served: 08 (connection), 57P0x (shutdown, starting). */
const UNREACHABLE_SQLSTATE = /^(08|57P0)/;

/**
 * SQLSTATEs that say "not now" rather than "not this" on a connection that works: too few
 * resources (53: connections, memory, disk), an I/O failure on the server (58), a statement
 * cancelled by `statement_timeout` (57014), a lock not had within `lock_timeout` (55P03), a session
 * ended by `idle_in_transaction_session_timeout` (25P03).
 */
const TOO_SLOW_SQLSTATE = /^(53|58)|^(57014|55P03|25P03)$/;

/** Network failures as Node names them (ETIMEDOUT also marks the embedded session's wait). */
const UNREACHABLE_ERRNO = new Set([
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
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Cannot use a pool after calling end)/;

/**
 * Whether a failure means the database could not serve the request in time: unreachable, too
 * slow, out of resources, as opposed to a bug or a bad statement.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return (
    isDatabaseUnreachable(error) ||
    someInChain(
      error,
      (e, code) =>
        e instanceof LockWaitTimeoutException || (code !== undefined && TOO_SLOW_SQLSTATE.test(code)),
    )
  );
}

/** Whether a failure means no connection to the database could be had or kept. */
export function isDatabaseUnreachable(error: unknown): boolean {
  return someInChain(error, (e, code, message) => {
    if (e instanceof ConnectionException) return true;
    if (code !== undefined && (UNREACHABLE_SQLSTATE.test(code) || UNREACHABLE_ERRNO.has(code))) return true;
    return message !== undefined && UNREACHABLE_MESSAGE.test(message);
  });
}

/**
 * Looks through `cause` chains, at errors as the driver raised them and as MikroORM converted them
 * (which copies `code` and message).
 */
function someInChain(
  error: unknown,
  test: (error: object, code: string | undefined, message: string | undefined) => boolean,
): boolean {
  for (
    let current = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 5;
    depth++
  ) {
    const code = 'code' in current && typeof current.code === 'string' ? current.code : undefined;
    const message = 'message' in current && typeof current.message === 'string' ? current.message : undefined;
    if (test(current, code, message)) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
