import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@oncall/config';
import { newId, SecretBox } from '@oncall/core';
import { checkSealedValues, type Database, migrate, openDatabase } from '@oncall/db';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUsageError, runAdminCommand } from '../src/admin/admin-commands';

const OLD_KEY = randomBytes(32).toString('base64');
const NEW_KEY = randomBytes(32).toString('hex');
const SECRET = 'proxy-password-never-printed';

/**
 * `npm run admin` over the database the run uses: PostgreSQL by its URL, or an embedded data
 * directory (an in-memory PGlite cannot be opened twice).
 */
describe('npm run admin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oncall-admin-'));
  let pg: TestDatabase | undefined;
  let env: NodeJS.ProcessEnv;
  const printed: string[] = [];
  const run = (...args: string[]) =>
    runAdminCommand({ config: loadConfig(env), args, env, print: (line) => printed.push(line) });
  const open = (): Promise<Database> =>
    pg ? Promise.resolve(pg.db) : openDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') });
  const done = async (db: Database) => {
    if (!pg) await db.close();
  };

  beforeAll(async () => {
    const t = await createTestDatabase();
    if (t.target.kind === 'postgres') pg = t;
    else await t.dispose();
    env = {
      ...(pg?.target.kind === 'postgres' ? { DATABASE_URL: pg.target.url } : { DATA_DIR: dir }),
      ENCRYPTION_KEY: OLD_KEY,
      NEW_ENCRYPTION_KEY: NEW_KEY,
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    const db = await open();
    await migrate(db.orm);
    await db.orm.em.getConnection().execute(
      `insert into messenger_proxies (id, name, type, host, port, sealed_password, created_at, updated_at)
       values (?, 'proxy', 'socks5', 'proxy.example', '1080', ?, now(), now())`,
      [newId(), new SecretBox(Buffer.from(OLD_KEY, 'base64')).encrypt(SECRET)],
    );
    await done(db);
  }, 120_000);
  afterAll(async () => {
    await pg?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rotate-key re-encrypts under NEW_ENCRYPTION_KEY, reads back, and prints no secret', async () => {
    await run('rotate-key');
    const db = await open();
    try {
      const check = await checkSealedValues(db.orm, new SecretBox(Buffer.from(NEW_KEY, 'hex')));
      expect(check).toEqual({ opened: 1, failed: {} });
    } finally {
      await done(db);
    }
    const output = printed.join('\n');
    expect(output).toMatch(/Re-encrypted 1 values; 1 sealed values open under the new key/);
    for (const secret of [OLD_KEY, NEW_KEY, SECRET]) expect(output).not.toContain(secret);
  });

  it('refuses a missing or malformed key, an unknown command and a missing file', async () => {
    env = { ...env, NEW_ENCRYPTION_KEY: 'short' };
    await expect(run('rotate-key')).rejects.toThrow(/NEW_ENCRYPTION_KEY must be 32 bytes/);
    await expect(run('rotate-key', '--new-key-env', 'UNSET_KEY')).rejects.toThrow(/UNSET_KEY is not set/);
    await expect(run('rotate')).rejects.toBeInstanceOf(AdminUsageError);
    await expect(run('backup')).rejects.toThrow(/backup needs a file/);
  });

  it('backup writes a file the restore reads', async () => {
    const file = join(dir, 'backup');
    await run('backup', file);
    expect(existsSync(file)).toBe(true);
    // An existing file is never overwritten.
    await expect(run('backup', file)).rejects.toThrow(/EEXIST/);
    if (pg) await run('restore', file);
    else {
      rmSync(join(dir, 'pglite'), { recursive: true });
      await run('restore', file);
    }
    const db = await open();
    try {
      const rows = await db.orm.em.getConnection().execute('select name from messenger_proxies');
      expect(rows).toEqual([{ name: 'proxy' }]);
    } finally {
      await done(db);
    }
  });
});
