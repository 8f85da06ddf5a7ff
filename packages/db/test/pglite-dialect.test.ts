import { User } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrate, openDatabase } from '../src/index';

describe('embedded PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ kind: 'pglite' });
    await migrate(db.orm);
  });
  afterAll(() => db.close());

  it('keeps a transaction to itself while other work waits for the one session', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inTransaction = db.orm.em.fork().transactional(async (tx) => {
      tx.create(User, { username: 'rolled-back', name: 'x', passwordHash: 'x', role: 'member' });
      await tx.flush();
      await gate;
      throw new Error('abort');
    });
    const outside = db.orm.em
      .fork()
      .persist(
        db.orm.em.fork().create(User, { username: 'kept', name: 'y', passwordHash: 'y', role: 'member' }),
      )
      .flush();
    release();
    await expect(inTransaction).rejects.toThrow('abort');
    await outside;
    const names = (await db.orm.em.fork().find(User, {})).map((u) => u.username);
    expect(names).toEqual(['kept']);
  });

  it('runs multi-statement text and savepoints', async () => {
    await db.orm.em
      .getConnection()
      .execute('create table t1 (a int); insert into t1 values (1); insert into t1 values (2)');
    const rows = await db.orm.em.getConnection().execute('select count(*)::int as n from t1');
    expect(rows).toEqual([{ n: 2 }]);
    await db.orm.em.fork().transactional(async (outer) => {
      await outer
        .getConnection()
        .execute('insert into t1 values (3)', [], 'run', outer.getTransactionContext());
      await outer
        .transactional(async (inner) => {
          await inner
            .getConnection()
            .execute('insert into t1 values (4)', [], 'run', inner.getTransactionContext());
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    const after = await db.orm.em.getConnection().execute('select array_agg(a order by a) as a from t1');
    expect(after).toEqual([{ a: [1, 2, 3] }]);
  });
});
