import { createHash } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../migrate';
import { migrationsList } from '../migrations/index';
import { openDatabase } from '../open-database';

const templates = new Map<string, Promise<string>>();

/**
 * The name of a PostgreSQL database migrated to the current migrations, made once per server and
 * migration set, that test databases are created from (`create database … template …`): copying it
 * takes a fraction of running every migration again for each test file. Its name carries a hash of
 * the migration names, so a new migration makes a new template. Test processes running at once
 * build it once between them, under an advisory lock; it is published by a rename only once fully
 * migrated, and nobody stays connected to it (a template must have no sessions while it is copied).
 */
export function migratedTemplate(adminUrl: string): Promise<string> {
  const names = migrationsList(undefined).map((m) => m.name);
  const name = `oncall_template_${createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 16)}`;
  const key = `${adminUrl} ${name}`;
  let template = templates.get(key);
  if (template === undefined) {
    template = buildOnce(adminUrl, name);
    // A failed build is tried again by the next caller rather than failing every later file.
    template.catch(() => templates.delete(key));
    templates.set(key, template);
  }
  return template;
}

async function buildOnce(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const db = await openDatabase({ kind: 'postgres', url: url.toString() }, { poolMax: 1 });
      try {
        await migrate(db.orm);
      } finally {
        await db.close();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    await admin.end();
  }
}
