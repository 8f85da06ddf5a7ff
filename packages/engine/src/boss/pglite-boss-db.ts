import type { PGlite } from '@electric-sql/pglite';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Db } from 'pg-boss';

/**
 * pg-boss on the embedded database. PGlite is one session that MikroORM lends out under the
 * dialect's FIFO lock; pg-boss must take its turn on the same lock, or its statements would land
 * inside whatever transaction a request has open (and vanish with its rollback). So every
 * statement borrows the one Kysely connection MikroORM uses, and while holding it runs
 * parameterless text (pg-boss's multi-statement `BEGIN … COMMIT` blocks) through `exec`, flattening
 * the rows of every statement as pg-boss expects.
 */
export function pgliteBossDb(orm: MikroORM, pglite: PGlite): Db {
  const withSession = <T>(work: () => Promise<T>): Promise<T> =>
    orm.em
      .fork()
      .getKysely()
      .connection()
      .execute(() => work());
  return {
    executeSql: (text, values) =>
      withSession(async () => {
        try {
          if (values !== undefined && values.length > 0) {
            return { rows: (await pglite.query(text, values)).rows };
          }
          const results = await pglite.exec(text);
          return { rows: results.flatMap((result) => result.rows) };
        } catch (error) {
          // A failed multi-statement block leaves the session in an aborted transaction; the next
          // holder of the lock must not inherit it. Outside a transaction this is only a warning.
          await pglite.exec('rollback').catch(() => undefined);
          throw error;
        }
      }),
    // LISTEN/NOTIFY works in process; LISTEN itself is a statement, so it too waits for its turn.
    async listen(channel, onNotification, onReconnect) {
      const unlisten = await withSession(() => pglite.listen(channel, onNotification));
      onReconnect();
      return { close: () => withSession(() => unlisten()) };
    },
  };
}
