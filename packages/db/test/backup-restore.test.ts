import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '@oncall/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  backupDataDir,
  backupPostgres,
  migrate,
  openDatabase,
  restoreDataDir,
  restorePostgres,
} from '../src/index';
import { createTestDatabase } from '../src/testing/index';

const dir = mkdtempSync(join(tmpdir(), 'oncall-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const USERS = `select id, username, name, role, created_at from users order by id`;
const insertUser = (username: string) =>
  [
    `insert into users (id, username, name, password_hash, role, created_at, updated_at)
     values (?, ?, 'Backed up', 'x', 'member', now(), now())`,
    [newId(), username],
  ] as const;

/** Data written, backed up, wiped, restored: what is read back is what was written. */
describe('backup and restore', () => {
  it('round-trips the database the tests run on (PostgreSQL: pg_dump and pg_restore)', async () => {
    const t = await createTestDatabase();
    try {
      const sql = t.db.orm.em.getConnection();
      await sql.execute(...insertUser('kept'));
      const before = await sql.execute(USERS);
      if (t.target.kind === 'postgres') {
        const file = join(dir, 'pg.dump');
        await backupPostgres(t.target.url, file);
        await sql.execute(...insertUser('after-backup'));
        await sql.execute('drop table users cascade');
        await restorePostgres(t.target.url, file);
        expect(await sql.execute(USERS)).toEqual(before);
      } else {
        // In-memory PGlite has no directory: the embedded case is the next test.
        expect(t.target.kind).toBe('pglite');
      }
    } finally {
      await t.dispose();
    }
  });

  it('round-trips the embedded data directory (PGlite dump), and refuses a live one', {
    timeout: 120_000,
  }, async () => {
    const dataDir = join(dir, 'pglite');
    const db = await openDatabase({ kind: 'pglite', dataDir });
    await migrate(db.orm);
    await db.orm.em.getConnection().execute(...insertUser('embedded'));
    const before = await db.orm.em.getConnection().execute(USERS);
    const file = join(dir, 'pglite.tar.gz');
    // The server holding the directory: a copy now could catch files mid-write.
    await expect(backupDataDir(dataDir, file)).rejects.toThrow(/is open in process/);
    await db.close();

    await backupDataDir(dataDir, file);
    rmSync(dataDir, { recursive: true });
    await restoreDataDir(file, dataDir);
    await expect(restoreDataDir(file, dataDir)).rejects.toThrow(/not empty/);
    const restored = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await restored.orm.em.getConnection().execute(USERS)).toEqual(before);
      // Migrated as it was: nothing left to apply.
      expect(await migrate(restored.orm)).toEqual([]);
    } finally {
      await restored.close();
    }
  });
});
