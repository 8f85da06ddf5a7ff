import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type LoggerNamespace, MikroORM, type Options } from '@mikro-orm/postgresql';
import { entities, routines, type SecretBox } from '@oncall/core';
import type { DatabaseTarget } from './database-target';
import { migrationsList } from './migrations/index';
import { PGliteDialect } from './pglite/pglite-dialect';

export interface Database {
  orm: MikroORM;
  kind: DatabaseTarget['kind'];
  /** Present on the embedded database: the one session everything shares. */
  pglite?: PGlite;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** MikroORM query logging namespaces; off unless asked for. */
  debug?: LoggerNamespace[];
  poolMax?: number;
  /** Seals secrets that migrations find stored in the clear; needed only when there are some. */
  secretBox?: SecretBox;
}

function baseOptions(options: OpenOptions): Options {
  return {
    entities,
    routines,
    debug: options.debug ?? false,
    allowGlobalContext: false,
    ensureDatabase: false,
    forceUtcTimezone: true,
    migrations: {
      migrationsList: migrationsList(options.secretBox),
      snapshot: false,
      transactional: true,
      allOrNothing: true,
      silent: true,
    },
  };
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  if (target.kind === 'postgres') {
    const orm = await MikroORM.init({
      ...baseOptions(options),
      clientUrl: target.url,
      pool: { min: 0, max: options.poolMax ?? 10 },
      // Short statements, many of them: compiling a plan costs more than it saves (a timeline query
      // that runs in tens of milliseconds spent a second in JIT).
      driverOptions: { options: '-c jit=off' },
    });
    return wrap(orm, 'postgres');
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // pg_trgm backs the alert-rule name search index; on a server it ships with PostgreSQL's contrib.
  const pglite = new PGlite({ dataDir: target.dataDir, extensions: { pg_trgm } });
  await pglite.waitReady;
  const orm = await MikroORM.init({
    ...baseOptions(options),
    dbName: 'postgres',
    driverOptions: new PGliteDialect(pglite),
  });
  return { ...wrap(orm, 'pglite'), pglite };
}

function wrap(orm: MikroORM, kind: DatabaseTarget['kind']): Database {
  return {
    orm,
    kind,
    ping: async () => {
      try {
        await orm.em.getConnection().execute('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => orm.close(true),
  };
}
