/**
 * Statements a database connection parses and plans once and then only runs: what the hot fire
 * statement is sent as where the database has them (a PostgreSQL server; not the embedded PGlite).
 * Sent as text instead, with its values written into it, the fire statement (several kilobytes with
 * the outbox's common table expressions) cost the database a parse and a plan on every batch.
 */
export interface PreparedStatements {
  /**
   * The rows `text` answers with `values` as its parameters (`$1`, `$2`…). `text` must be one of a
   * few fixed statements, not built from values: each distinct text is prepared on every connection.
   * Only for a statement whose best plan does not change as its tables grow (it finds its rows by
   * unique keys): PostgreSQL may keep the plan it made in the first calls, on a table then empty.
   * Never inside a transaction: it runs on a connection of its own choosing.
   */
  rows<T>(text: string, values: readonly unknown[]): Promise<T[]>;
}
