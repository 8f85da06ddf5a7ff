import { openDatabase } from '@oncall/db';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

/**
 * Closing the database must not wait forever on a statement PostgreSQL never answers: the
 * server's stop hung (`sick-database.test.ts`, about one run in four) on a connection whose
 * statement was in flight when the database stalled and that the silence deadline had not ended.
 */
describe('closing the database while PostgreSQL does not answer', () => {
  let database: TestDatabase;
  let proxy: TcpProxy | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.target.kind === 'postgres') {
      const url = new URL(database.target.url);
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    }
  });
  afterAll(async () => {
    await proxy?.close();
    await database.dispose();
  });

  it('ends the connections still waiting for an answer, and settles', async (ctx) => {
    if (!proxy || database.target.kind !== 'postgres') return ctx.skip();
    const url = new URL(database.target.url);
    url.port = String(proxy.port);
    // No statement timeout: no silence deadline ends the waiting connection on its own.
    const db = await openDatabase({ kind: 'postgres', url: url.toString() });
    await db.orm.em.getConnection().execute('select 1');
    proxy.pause();
    const stalled = db.orm.em
      .getConnection()
      .execute('select 1')
      .then(
        () => 'answered',
        () => 'failed',
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await db.close();
    expect(await stalled).toBe('failed');
    proxy.resume();
  }, 30_000);
});
