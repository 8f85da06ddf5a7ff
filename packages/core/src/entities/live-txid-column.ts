import { p } from '@mikro-orm/core';

/**
 * The id of the transaction that inserted the row (`xid8`), set by the database, never by the
 * application. Unlike a sequence or a time-ordered id, it lets a reader tell rows that may still
 * appear below it (their transaction is running) from rows that never will: the live feed reads
 * only below the oldest running transaction. Null on rows older than the column (they are history,
 * not news). Lazy and hidden: entity reads never need it.
 */
export const liveTxidColumn = () =>
  p.string().columnType('xid8').nullable().defaultRaw('pg_current_xact_id()').lazy().hidden();
