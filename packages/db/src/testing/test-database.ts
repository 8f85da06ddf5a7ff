import { randomBytes } from 'node:crypto';
import { loadTestDatabaseEnv } from '@oncall/config';
import type { DatabaseTarget } from '../database-target';
import { migrate } from '../migrate';
import { type Database, type OpenOptions, openDatabase } from '../open-database';
import { migratedTemplate } from './migrated-template';
import { adminQuery, findPostgres } from './postgres-probe';

export interface TestDatabase {
  db: Database;
  target: DatabaseTarget;
  /** Closes the connection and drops the per-file database. */
  dispose(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Handed to migrations that seal secrets (see `OpenOptions`). */
  secretBox?: OpenOptions['secretBox'];
  /** `false` leaves the database empty, for tests of a migration. */
  migrated?: boolean;
}

/**
 * A fresh, migrated database for one test file: its own PostgreSQL database when a server is
 * reachable (CI), copied from a template migrated once (`migratedTemplate`), in-memory PGlite
 * otherwise, so `npm test` passes on a bare machine too.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const { secretBox, migrated = true } = options;
  const env = loadTestDatabaseEnv();
  const adminUrl = env.TEST_DB === 'pglite' ? undefined : await findPostgres(env.TEST_DATABASE_URL);
  if (env.TEST_DB === 'postgres' && !adminUrl) {
    throw new Error('TEST_DB=postgres but no PostgreSQL answered on 127.0.0.1:5432 (or TEST_DATABASE_URL)');
  }
  if (!adminUrl) {
    const target: DatabaseTarget = { kind: 'pglite' };
    const db = await openDatabase(target, { secretBox });
    if (migrated) await migrate(db.orm);
    return { db, target, dispose: () => db.close() };
  }
  const name = `oncall_test_${randomBytes(6).toString('hex')}`;
  // Migrated: a copy of the template migrated once for every test file of the run.
  const template = migrated ? ` template "${await migratedTemplate(adminUrl)}"` : '';
  await adminQuery(adminUrl, `create database "${name}"${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const target: DatabaseTarget = { kind: 'postgres', url: url.toString() };
  const db = await openDatabase(target, { poolMax: 5, secretBox });
  return {
    db,
    target,
    dispose: async () => {
      await db.close();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
