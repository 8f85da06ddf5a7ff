import type pg from 'pg';

/** What a `begin` answers; the caller (Kysely) reads only `command`, `rowCount` and `rows`. */
const BEGUN = Object.freeze({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });

type Query = (...args: unknown[]) => unknown;

/**
 * Sends a transaction's `begin` in one message with its first statement (`begin; <statement>`),
 * which PostgreSQL runs as the same two statements, one after the other: the transaction block the
 * `begin` opens outlives the message, so the statements after it are in the transaction as before.
 * Every transaction then costs one round trip less, and on a VM where each socket write is dear a
 * short transaction (`begin`, a statement or two, `commit`) is mostly its writes.
 *
 * Only a statement sent as text with no parameters (the simple protocol, as MikroORM sends its
 * queries, parameters inlined) can share the message. Any other call (parameters, a callback, a
 * cursor) has the `begin` queued before it on the connection, which runs its queries in order:
 * the round trips of before.
 */
export function beginWithFirstStatement(pool: pg.Pool): void {
  const forget = new WeakMap<pg.PoolClient, () => void>();
  // A connection given back with its `begin` unsent holds no transaction: its next borrower's first
  // statement must not open one.
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => forget.get(client)?.());
  pool.on('connect', (client) => {
    const send = client.query.bind(client) as Query;
    let pending: string | null = null;
    const query: Query = (...args) => {
      const [text, values, callback] = args;
      const plain =
        typeof text === 'string' &&
        callback === undefined &&
        (values === undefined || (Array.isArray(values) && values.length === 0));
      if (plain && pending === null && isBegin(text)) {
        pending = text;
        return Promise.resolve(BEGUN);
      }
      if (pending === null) return send(...args);
      const begin = pending;
      pending = null;
      if (plain) return (send(`${begin};\n${text}`) as Promise<unknown>).then(afterBegin);
      // Queued first, so it runs first; a failure of it fails the connection's next query too.
      (send(begin) as Promise<unknown>).catch(() => undefined);
      return send(...args);
    };
    client.query = query as typeof client.query;
    forget.set(client as pg.PoolClient, () => {
      pending = null;
    });
  });
}

/** The longest `start transaction …` with every option, and then some. */
const LONGEST_BEGIN = 120;

function isBegin(text: string): boolean {
  // Checked on every statement sent, and the hot ones are kilobytes long: they are not copied.
  if (text.length > LONGEST_BEGIN) return false;
  const statement = text.trim().toLowerCase();
  return statement === 'begin' || statement.startsWith('start transaction');
}

/** The answer of the statement(s) after the `begin`, as if sent alone. */
function afterBegin(results: unknown): unknown {
  if (!Array.isArray(results)) return results;
  const rest = results.slice(1);
  return rest.length === 1 ? rest[0] : rest;
}
