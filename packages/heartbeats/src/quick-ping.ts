import { newId } from '@oncall/core';
import type { HeartbeatState } from './heartbeat.entity';
import type { HeartbeatRule } from './heartbeat-rules';
import type { Ping } from './ping';

/** Runs the ping statement (its parameters `?`, in order): prepared where the database has them. */
export type PingStatementRunner = <T>(sql: string, values: readonly unknown[]) => Promise<T[]>;

const QUICK_PING_SQL = `insert into heartbeats as h
       (id, rule_id, instance, state, late_at, down_at, due_at, last_ping_at, last_ping_kind, last_exit_status,
        last_run_id, last_body, last_started_at, pings, created_at, updated_at)
     select ?::uuid, r.id, ?, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?, ?::int, ?, ?,
            ?::timestamptz, 1, ?::timestamptz, ?::timestamptz
       from alert_rules r
      where r.id = ? and r.token_hash = ? and r.settings = ?::jsonb
     on conflict (rule_id, instance) do update
        set last_ping_at = excluded.last_ping_at, last_ping_kind = excluded.last_ping_kind,
            last_exit_status = excluded.last_exit_status, last_run_id = excluded.last_run_id,
            last_body = excluded.last_body, pings = h.pings + 1,
            last_started_at = coalesce(excluded.last_started_at, h.last_started_at),
            state = case when ? or h.state = 'paused' then h.state else 'up' end,
            late_at = case when ? or h.state = 'paused' then h.late_at else excluded.late_at end,
            down_at = case when ? or h.state = 'paused' then h.down_at else excluded.down_at end,
            due_at = case when ? or h.state = 'paused' then h.due_at else excluded.due_at end,
            updated_at = excluded.updated_at
      where h.state <> 'down'
     returning h.state`;

/** The ping statement with numbered parameters, as a prepared statement takes them. */
export const numberedParameters = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/**
 * The common ping in one statement, outside any transaction: a success or start ping of a
 * heartbeat that is not `down` changes no alert, so it needs no signal. The row is created or
 * updated as `recordPing` would (a start or a paused heartbeat only records the ping; a success
 * makes it `up` until its next deadline). The rule is checked in the same statement: its id, the
 * token's hash and the settings the deadline was computed from must still be the stored ones, so a
 * cached rule never stores a ping after its token was rotated, its schedule edited or the rule
 * deleted. Answers the state, or null when nothing was stored: the heartbeat is `down` (locked and
 * left untouched: its ping resolves an alert, which `recordPing` does in a transaction) or the
 * rule is not as cached. A ping racing the monitor waits on the row's lock and sees its outcome.
 */
export async function quickPing(
  run: PingStatementRunner,
  now: Date,
  rule: HeartbeatRule,
  ping: Ping,
): Promise<HeartbeatState | null> {
  if (ping.kind === 'fail') return null;
  const start = ping.kind === 'start';
  const next = start ? null : rule.schedule.deadline(rule.settings, now);
  // Times go as ISO text the statement casts: the driver's own date formatting (seven times a
  // ping) cost more than the rest of the values together.
  const at = now.toISOString();
  const lateAt = next ? next.lateAt.toISOString() : null;
  const [row] = await run<{ state: HeartbeatState }>(QUICK_PING_SQL, [
    newId(),
    ping.instance,
    start ? 'new' : 'up',
    lateAt,
    next ? next.downAt.toISOString() : null,
    lateAt,
    at,
    ping.kind,
    ping.exitStatus,
    ping.runId,
    ping.body,
    start ? at : null,
    at,
    at,
    rule.id,
    rule.tokenHash,
    rule.settingsJson,
    start,
    start,
    start,
    start,
  ]);
  return row?.state ?? null;
}
