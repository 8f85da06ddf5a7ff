import { settlesWithin } from '@oncall/db';
import type { Db } from 'pg-boss';
import { notifyChannelSql } from 'pg-boss/dist/plans.js';

export interface ProcessRegistryOptions {
  /** pg-boss's connection: the registry's statements take their turn like pg-boss's own. */
  readonly db: Db;
  /** This process's id, written into the direct jobs it queues (`owner`). */
  readonly processId: string;
  /** The dispatch queue and the table its jobs are in. */
  readonly dispatch: { readonly queue: string; readonly table: string };
  /** Every queue this process may work, by the table its jobs are in. */
  readonly tables: ReadonlyMap<string, readonly string[]>;
  /** How often this process says it is alive and looks for dead processes' jobs. */
  readonly heartbeatSeconds: number;
  /** A process not heard for this long is dead: its jobs are made runnable. */
  readonly deadAfterSeconds: number;
  /**
   * True on a database only this process can open (PGlite): at registration every leased or active
   * job belongs to a process that is gone, and is made runnable at once; there is no heartbeat.
   */
  readonly sole: boolean;
  /** The jobs this process's workers are running now; their ids go out with each heartbeat. */
  readonly running: ReadonlySet<string>;
  readonly onError: (error: unknown) => void;
}

/** Which engine processes are alive, and the takeover of the work of those that are not. */
export interface ProcessRegistry {
  /** Stops the heartbeat and removes this process, so what it left is taken over at once. */
  stop(): Promise<void>;
}

const TABLE = 'pgboss.oncall_engine_process';
/** How long stopping waits for the database to take this process out of the registry. */
const STOP_WAIT_MS = 2_000;
const CREATE = `
  begin;
  select pg_advisory_xact_lock(hashtext('${TABLE}'));
  create table if not exists ${TABLE} (
    id uuid primary key,
    heard_at timestamptz not null,
    running uuid[] not null default '{}'
  );
  commit;`;

const HEARTBEAT = `
  insert into ${TABLE} (id, heard_at, running) values ($1::uuid, clock_timestamp(), $2::uuid[])
  on conflict (id) do update set heard_at = excluded.heard_at, running = excluded.running`;

/**
 * Registers this process and starts its heartbeat. Every `heartbeatSeconds` the process writes the
 * database clock's now and the ids of the jobs its workers are running, then makes runnable the
 * jobs of processes not heard for `deadAfterSeconds`:
 *
 * - direct dispatch jobs still under their lease whose `owner` is not alive (the owner died before
 *   its run marked the job), made due now;
 * - active jobs (any queue) started before that bound and running in no live process, put back to
 *   `retry`, due now; their next claim counts as a retry, so handlers read the delivery log first.
 *
 * A live process's job started more than `deadAfterSeconds` ago is listed by its latest heartbeat,
 * so only the jobs of a dead (or stalled for that long) process match. Workers are woken by NOTIFY.
 */
export async function startProcessRegistry(options: ProcessRegistryOptions): Promise<ProcessRegistry> {
  const { db, processId, heartbeatSeconds, deadAfterSeconds, running, onError } = options;
  await db.executeSql(CREATE);
  const beat = () => db.executeSql(HEARTBEAT, [processId, `{${[...running].join(',')}}`]);
  if (options.sole) {
    // No other process can share the database, so none can die while this one lives: one sweep
    // at start, and no heartbeat on the one session every request waits for.
    await db.executeSql(`delete from ${TABLE}`);
    await beat();
    await db.executeSql(reapStatement(options, true), [deadAfterSeconds]);
    await db.executeSql(`delete from ${TABLE}`);
    return { stop: async () => undefined };
  }
  await beat();
  const reap = reapStatement(options, false);
  let tick: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    // A slow database makes a tick skip, never pile up.
    if (tick !== null) return;
    tick = beat()
      .then(() => db.executeSql(reap, [deadAfterSeconds]))
      .catch(onError)
      .finally(() => {
        tick = null;
      });
  }, heartbeatSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      // After the heartbeat in flight, or it could write the row back. A database that does not
      // answer must not hold the stop: the row left behind ages out in `deadAfterSeconds`.
      const leave = async () => {
        await tick;
        await db.executeSql(`delete from ${TABLE} where id = $1::uuid`, [processId]).catch(onError);
      };
      await settlesWithin(leave(), STOP_WAIT_MS);
    },
  };
}

/**
 * One statement: the live processes, the dead ones removed, their leased and active jobs made
 * runnable, and a NOTIFY for each queue that got work. `$1` is `deadAfterSeconds`. `sole`: every
 * other process is gone, whatever its last heartbeat, and so is every job started before now.
 */
function reapStatement(options: ProcessRegistryOptions, sole: boolean): string {
  const bound = `clock_timestamp() - $1::float8 * interval '1 second'`;
  const { queue, table } = options.dispatch;
  const orphans = [...options.tables].map(
    ([jobTable, queues], index) => `orphaned_${index} as (
      update pgboss.${jobTable} as j
         set state = 'retry', start_after = pgboss.job_now(),
             output = '{"message":"taken over from a process that stopped"}'::jsonb
       where j.name = any(array[${queues.map((name) => `'${name}'`).join(',')}]::text[])
         and j.state = 'active'
         ${sole ? '' : `and j.started_on < ${bound}`}
         and not exists (select 1 from live where j.id = any(live.running))
      returning j.name)`,
  );
  return `
    with live as (select id, running from ${TABLE} where heard_at >= ${bound}),
    gone as (delete from ${TABLE} where heard_at < ${bound} returning id),
    leased as (
      update pgboss.${table} as j set start_after = pgboss.job_now()
       where j.name = '${queue}' and j.state = 'created' and j.start_after > pgboss.job_now()
         and j.data->>'direct' = 'true'
         ${sole ? '' : `and j.data ? 'owner'`}
         and not exists (select 1 from live where live.id::text = j.data->>'owner')
      returning j.name),
    ${orphans.join(',\n')},
    woken as (
      select distinct name from (
        select name from leased
        ${orphans.map((_, index) => `union all select name from orphaned_${index}`).join('\n')}
      ) as taken)
    select name, pg_notify(${notifyChannelSql('pgboss')}, name) from woken`;
}
