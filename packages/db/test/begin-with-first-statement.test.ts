import { Socket } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

/** A statement as MikroORM sends it: parameters inlined, as text (the simple protocol). */
function run(tx: EntityManager, sql: string, params: unknown[] = []): Promise<unknown> {
  return tx.getConnection().execute(sql, params, 'run', tx.getTransactionContext());
}

/** A statement sent with its parameters apart (the extended protocol), as pg-boss sends its own. */
function runWithParameters(tx: EntityManager, sql: string, params: unknown[]): Promise<unknown> {
  const kysely = tx.getTransactionContext() as Kysely<unknown>;
  return kysely.executeQuery(CompiledQuery.raw(sql, params));
}

describe.skipIf(process.env.TEST_DB === 'pglite')(
  'a transaction sends its begin with its first statement',
  () => {
    let t: TestDatabase;

    beforeAll(async () => {
      t = await createTestDatabase();
      await t.db.orm.em.getConnection().execute('create table begin_probe (n int primary key)');
    });
    afterAll(() => t.dispose());
    afterEach(async () => {
      vi.restoreAllMocks();
      await t.db.orm.em.getConnection().execute('delete from begin_probe');
    });

    async function stored(): Promise<number[]> {
      const rows = await t.db.orm.em
        .getConnection()
        .execute<{ n: number }[]>('select n from begin_probe order by n');
      return rows.map((row) => row.n);
    }

    /** Socket writes while `work` runs; PostgreSQL's connections are the only sockets here. */
    async function writesDuring(work: () => Promise<void>): Promise<number> {
      const write = vi.spyOn(Socket.prototype, 'write');
      await work();
      const count = write.mock.calls.length;
      write.mockRestore();
      return count;
    }

    it('in one write, and commits what the transaction wrote', async () => {
      const writes = await writesDuring(() =>
        t.db.orm.em.fork().transactional(async (tx) => {
          await run(tx, 'insert into begin_probe (n) values (?)', [1]);
          await run(tx, 'insert into begin_probe (n) values (?)', [2]);
        }),
      );
      expect(await stored()).toEqual([1, 2]);
      // begin + the first insert, the second insert, commit.
      expect(writes).toBe(3);
    });

    it('rolls the first statement back with the rest', async () => {
      await expect(
        t.db.orm.em.fork().transactional(async (tx) => {
          await run(tx, 'insert into begin_probe (n) values (?)', [1]);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await stored()).toEqual([]);
    });

    it('keeps a first statement with parameters apart inside the transaction', async () => {
      await expect(
        t.db.orm.em.fork().transactional(async (tx) => {
          await runWithParameters(tx, 'insert into begin_probe (n) values ($1)', [3]);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await stored()).toEqual([]);
      await t.db.orm.em.fork().transactional(async (tx) => {
        await runWithParameters(tx, 'insert into begin_probe (n) values ($1)', [4]);
      });
      expect(await stored()).toEqual([4]);
    });

    it('rolls back when the first statement fails, leaving the connections clean', async () => {
      await run(t.db.orm.em.fork(), 'insert into begin_probe (n) values (5)');
      await expect(
        t.db.orm.em.fork().transactional(async (tx) => {
          await run(tx, 'insert into begin_probe (n) values (5)');
        }),
      ).rejects.toThrow(/duplicate key/);
      // Every pooled connection is outside a transaction again: a statement alone commits by itself.
      await Promise.all(
        [6, 7, 8, 9, 10].map((n) => run(t.db.orm.em.fork(), `insert into begin_probe (n) values (${n})`)),
      );
      const inTransaction = await t.db.orm.em.getConnection().execute<{ open: number }[]>(
        `select count(*)::int as open from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(inTransaction[0]?.open).toBe(0);
      expect(await stored()).toEqual([5, 6, 7, 8, 9, 10]);
    });

    it('commits a transaction that ran no statement', async () => {
      await t.db.orm.em.fork().transactional(async () => undefined);
      await run(t.db.orm.em.fork(), 'insert into begin_probe (n) values (11)');
      expect(await stored()).toEqual([11]);
    });
  },
);
