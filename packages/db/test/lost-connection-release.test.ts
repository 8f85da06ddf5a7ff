import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

const TIMEOUTS = { connectMs: 1_000, statementMs: 5_000, lockMs: 5_000, idleInTransactionMs: 10_000 };

/** A statement as MikroORM sends it inside a transaction. */
function run(tx: EntityManager, sql: string, params: unknown[] = []): Promise<unknown> {
  return tx.getConnection().execute(sql, params, 'run', tx.getTransactionContext());
}

/**
 * A transaction whose connection dies under it (PostgreSQL restarted, the session terminated, the
 * network cut) fails, and its connection goes back to the pool. Kysely hands a transaction's
 * connection back only once its `rollback` has answered, and a dead connection answers nothing but
 * an error: every such transaction used to keep a pool slot for good, so after a few database
 * restarts the service waited for connections that would never come (issue found by
 * `sick-database.test.ts` on CI). A pool of one connection shows it at once.
 */
describe.skipIf(process.env.TEST_DB === 'pglite')('a transaction whose connection is lost', () => {
  let t: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    t = await createTestDatabase();
    db = await openDatabase(t.target, { poolMax: 1, timeouts: TIMEOUTS });
  });
  afterAll(async () => {
    await db?.close();
    await t?.dispose();
  });

  const answersAgain = async () => {
    const rows = await db.orm.em.fork().getConnection().execute<{ one: number }[]>('select 1 as one');
    expect(rows).toEqual([{ one: 1 }]);
  };

  it('fails, and gives its connection back when a statement finds the session gone', async () => {
    await expect(
      db.orm.em.fork().transactional(async (tx) => {
        await run(tx, 'select 1');
        await run(tx, 'select pg_terminate_backend(pg_backend_pid())');
      }),
    ).rejects.toThrow();
    await answersAgain();
  });

  it('fails, and gives its connection back when the commit finds the session gone', async () => {
    await expect(
      db.orm.em.fork().transactional(async (tx) => {
        const [row] = (await run(tx, 'select pg_backend_pid() as pid')) as { pid: number }[];
        // Terminated from another session while this one waits to commit.
        await t.db.orm.em.getConnection().execute('select pg_terminate_backend(?)', [row?.pid]);
      }),
    ).rejects.toThrow();
    await answersAgain();
  });

  it('still rolls back what a live transaction wrote', async () => {
    await db.orm.em.getConnection().execute('create table lost_probe (n int primary key)');
    await expect(
      db.orm.em.fork().transactional(async (tx) => {
        await run(tx, 'insert into lost_probe (n) values (1)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.orm.em.getConnection().execute('select n from lost_probe')).toEqual([]);
  });
});
