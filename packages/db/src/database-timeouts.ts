/**
 * How long the service waits on its database before it gives up and answers 503. On PostgreSQL
 * every one applies; embedded PGlite has no network and one session, so only `connectMs` (the wait
 * for that session) applies there.
 */
export interface DatabaseTimeouts {
  /** Connecting, and waiting for a free pooled connection (PGlite: for the one session). */
  connectMs: number;
  /** PostgreSQL's `statement_timeout`; 0 turns it off, and with it the wait for an answer. */
  statementMs: number;
  /** PostgreSQL's `lock_timeout`; 0 turns it off. */
  lockMs: number;
  /** PostgreSQL's `idle_in_transaction_session_timeout`; 0 turns it off. */
  idleInTransactionMs: number;
}
