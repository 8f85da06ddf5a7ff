import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type LoggerNamespace, MikroORM, type Options } from '@mikro-orm/postgresql';
import type { PreparedStatements, SecretBox } from '@oncall/core';
import { entities, routines } from '@oncall/core/persistence';
import { heartbeatEntities } from '@oncall/heartbeats';
import { scheduleEntities } from '@oncall/schedules';
import { zoneEntities } from '@oncall/zones';
import type pg from 'pg';
import type { DatabaseTarget } from './database-target';
import type { DatabaseTimeouts } from './database-timeouts';
import { migrationsList } from './migrations/index';
import { claimDataDir } from './pglite/data-dir-claim';
import { PGliteDialect } from './pglite/pglite-dialect';
import { ANSWER_GRACE_MS, endSilentConnections } from './postgres/answer-deadline';
import { beginWithFirstStatement } from './postgres/begin-with-first-statement';
import { OpenConnections } from './postgres/open-connections';
import { probePostgres } from './postgres/postgres-probe-connection';
import { preparedStatements } from './postgres/prepared-statements';
import { rollbackAlwaysReleases } from './postgres/rollback-always-releases';
import { settlesWithin } from './settles-within';

export interface Database {
  orm: MikroORM;
  kind: DatabaseTarget['kind'];
  /** Present on the embedded database: the one session everything shares. */
  pglite?: PGlite;
  /** Present on PostgreSQL: statements parsed and planned once per connection (the fire statement). */
  prepared?: PreparedStatements;
  /** Whether the database answers within `timeoutMs` (default 2 s); on PostgreSQL, on a connection of its own. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** MikroORM query logging namespaces; off unless asked for. */
  debug?: LoggerNamespace[];
  poolMax?: number;
  /** Seals secrets that migrations find stored in the clear; needed only when there are some. */
  secretBox?: SecretBox;
  /** Unset: wait as long as it takes (migrations from the command line, tests, benchmarks). */
  timeouts?: DatabaseTimeouts;
}

/** Probes of TCP keepalive start after this long without traffic (the kernel's default is two hours). */
const KEEPALIVE_IDLE_MS = 10_000;
const DEFAULT_PING_TIMEOUT_MS = 2_000;

function baseOptions(options: OpenOptions): Options {
  return {
    // Capability modules declare their own tables (see docs/architecture.md): heartbeats, schedules, zones.
    entities: [...entities, ...heartbeatEntities, ...scheduleEntities, ...zoneEntities],
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
    const connections = new OpenConnections();
    const orm = await MikroORM.init({
      ...baseOptions(options),
      clientUrl: target.url,
      pool: { min: 0, max: options.poolMax ?? 10 },
      driverOptions: postgresDriverOptions(options.timeouts, connections),
    });
    const pool: pg.Pool = await orm.em.getConnection().getNativeClient();
    return {
      ...wrap(orm, 'postgres', (timeoutMs) => probePostgres(target.url, timeoutMs)),
      close: async () => {
        const closing = orm.close(true);
        if (await settlesWithin(closing, CLOSE_WAIT_MS)) return;
        connections.destroyAll();
        // A client whose last statement never left its queue (its socket ended under it) is never
        // handed back, and the pool's end would wait for it forever: a stop gives up on it instead.
        await settlesWithin(closing, CLOSE_WAIT_MS);
      },
      prepared: preparedStatements(pool),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const claim = target.dataDir ? claimDataDir(target.dataDir) : undefined;
  try {
    // pg_trgm backs the alert-rule name search index; on a server it ships with PostgreSQL's contrib.
    const pglite = new PGlite({ dataDir: target.dataDir, extensions: { pg_trgm } });
    await pglite.waitReady;
    const orm = await MikroORM.init({
      ...baseOptions(options),
      dbName: 'postgres',
      driverOptions: new PGliteDialect(pglite, { acquireTimeoutMs: options.timeouts?.connectMs }),
    });
    const database = wrap(orm, 'pglite', (timeoutMs) => pingSession(orm, timeoutMs));
    return {
      ...database,
      close: async () => {
        await database.close();
        claim?.release();
      },
      pglite,
    };
  } catch (error) {
    claim?.release();
    throw error;
  }
}

/**
 * The one session may be held by a long transaction: the probe's answer is "not ready" when it does
 * not get its turn in time (its statement still runs when the turn comes).
 */
function pingSession(orm: MikroORM, timeoutMs: number): Promise<boolean> {
  const answer = orm.em
    .getConnection()
    .execute('select 1')
    .then(
      () => true,
      () => false,
    );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/**
 * node-postgres's options for MikroORM's pool (pg-boss shares it, and its LISTEN connection copies
 * them). The server-side limits go as startup parameters, so every connection has them from its
 * first statement and a reset cannot drop them.
 */
function postgresDriverOptions(
  timeouts: DatabaseTimeouts | undefined,
  connections: OpenConnections,
): Record<string, unknown> {
  return {
    // Short statements, many of them: compiling a plan costs more than it saves (a timeline query
    // that runs in tens of milliseconds spent a second in JIT).
    options: '-c jit=off',
    // A peer that vanished without closing (a host gone, a dropped route) is found by the kernel.
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
    // MikroORM calls this with the pool before any connection is made.
    onPoolCreated: (pool: pg.Pool) => {
      beginWithFirstStatement(pool);
      // After the begin wrapper, so it sees every rollback, one sent with a pending begin too.
      rollbackAlwaysReleases(pool);
      connections.watch(pool);
      if (timeouts && timeouts.statementMs > 0) {
        endSilentConnections(pool, timeouts.statementMs + ANSWER_GRACE_MS);
      }
    },
    ...(timeouts && {
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    }),
  };
}

/**
 * How long closing waits for connections to come back to the pool before it ends those still
 * waiting for PostgreSQL (a stalled server must not hold a stop).
 */
const CLOSE_WAIT_MS = 2_000;

function wrap(
  orm: MikroORM,
  kind: DatabaseTarget['kind'],
  ping: (timeoutMs: number) => Promise<boolean>,
): Database {
  return {
    orm,
    kind,
    ping: (timeoutMs = DEFAULT_PING_TIMEOUT_MS) => ping(timeoutMs),
    close: () => orm.close(true),
  };
}
