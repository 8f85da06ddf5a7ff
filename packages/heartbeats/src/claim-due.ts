import type { EntityManager } from '@mikro-orm/core';
import { applySignal, type SignalDeps } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import { heartbeatSignal } from './heartbeat-signal';

/**
 * Marks `up` heartbeats past their expected time but within their grace as `late` (looked at
 * again when the grace runs out), and drops the due time of rows no longer waiting for a ping
 * (paused, or down since), in one statement that commits at once: these rows must not stay locked
 * while other rows fire, or their own pings would wait. Rows another claimer holds are skipped.
 * Answers how many rows it moved.
 */
export async function markLateHeartbeats(em: EntityManager, now: Date, limit: number): Promise<number> {
  const [row] = await queryRows<{ moved: number }>(
    em,
    `with due as (
       select id from heartbeats
        where due_at <= ?::timestamptz and not (state in ('up', 'late') and coalesce(down_at <= ?::timestamptz, false))
        order by due_at limit ? for update skip locked),
     late as (
       update heartbeats h set state = 'late', due_at = h.down_at, updated_at = ?::timestamptz
         from due where h.id = due.id and h.state = 'up' and h.down_at is not null
       returning h.id),
     idle as (
       -- Due but not waiting for a ping (paused or down since): nothing to look at any more.
       update heartbeats h set due_at = null
         from due where h.id = due.id and not (h.state = 'up' and h.down_at is not null)
       returning h.id)
     select ((select count(*) from late) + (select count(*) from idle))::int as moved`,
    [now, now, limit, now],
  );
  return row?.moved ?? 0;
}

/**
 * Claims up to `limit` heartbeats past their grace that no other transaction holds (`for update
 * skip locked`: replicas split the work and never both take a row), makes them `down` and fires
 * each one's alert instance, all in the caller's transaction. A row is claimed by one transaction
 * and its state checked in it, so a missed deadline fires once whatever the number of replicas; a
 * crash before commit leaves it due for the next claim. Answers how many rows were claimed.
 */
export async function fireDownHeartbeats(
  tx: EntityManager,
  deps: SignalDeps,
  now: Date,
  limit: number,
): Promise<number> {
  const rows = await queryRows<{
    rule_id: string;
    instance: string;
    late_at: Date | string | null;
    last_ping_at: Date | string | null;
  }>(
    tx,
    `with due as (
       select id from heartbeats
        where due_at <= ?::timestamptz and state in ('up', 'late') and down_at <= ?::timestamptz
        order by due_at limit ? for update skip locked)
     update heartbeats h set state = 'down', due_at = null, updated_at = ?::timestamptz
       from due where h.id = due.id
     returning h.rule_id, h.instance, h.late_at, h.last_ping_at`,
    [now, now, limit, now],
  );
  for (const row of rows) {
    await applySignal(
      tx,
      deps,
      row.rule_id,
      heartbeatSignal('fire', {
        instance: row.instance,
        reason: missedReason(row.late_at, row.last_ping_at),
      }),
    );
  }
  return rows.length;
}

function missedReason(lateAt: Date | string | null, lastPingAt: Date | string | null): string {
  const expected = lateAt === null ? 'on schedule' : `by ${new Date(lateAt).toISOString()}`;
  const last = lastPingAt === null ? 'never pinged' : `last ping ${new Date(lastPingAt).toISOString()}`;
  return `No ping arrived ${expected} nor within the grace period (${last}).`;
}
