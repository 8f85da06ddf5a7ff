import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatements } from '../src/postgres/prepared-statements';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

const t: TestDatabase = await createTestDatabase();
afterAll(() => t.dispose());

/** Only a PostgreSQL server has them: on PGlite the fire statement is sent as text. */
describe.runIf(t.target.kind === 'postgres')('prepared statements', () => {
  // One connection, so that what it has prepared can be read on it.
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: t.target.kind === 'postgres' ? t.target.url : '', max: 1 });
  });
  afterAll(() => pool.end());

  const preparedOnTheConnection = async () =>
    (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );

  it('answer with the parameters bound, prepared once on the connection', async () => {
    const statements = preparedStatements(pool);
    const text = 'select $1::int + $2::int as sum';
    expect(await statements.rows(text, [1, 2])).toEqual([{ sum: 3 }]);
    expect(await statements.rows(text, [20, 22])).toEqual([{ sum: 42 }]);
    expect(await preparedOnTheConnection()).toEqual([text]);
  });

  it('run unnamed from then on once a session lost its statement (a pooler in between)', async () => {
    const statements = preparedStatements(pool);
    const text = 'select $1::text as echo';
    expect(await statements.rows(text, ['a'])).toEqual([{ echo: 'a' }]);
    // What a pooler does: the next statement reaches a session that never had the name.
    await pool.query('deallocate all');
    await expect(statements.rows(text, ['b'])).rejects.toMatchObject({ code: '26000' });
    expect(await statements.rows(text, ['c'])).toEqual([{ echo: 'c' }]);
    expect(await statements.rows(text, ['d'])).toEqual([{ echo: 'd' }]);
    expect(await preparedOnTheConnection()).toEqual([]);
  });
});
