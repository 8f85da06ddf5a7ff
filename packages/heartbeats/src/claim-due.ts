import type { EntityManager } from '@mikro-orm/core';
import { applySignal, queryRows, type SignalDeps } from '@oncall/core';
import { heartbeatSignal } from './heartbeat-signal';

/**
 * Claims up to `limit` heartbeats due by `now` that no other process holds (`for update skip
 * locked`: replicas split the work and never both take a row), and moves each on in one
 * statement: an `up` one past its expected time but within its grace becomes `late` (looked at
 * again when the grace runs out); one past its grace becomes `down`, and its rule's alert instance
 * fires in the same transaction. A row is claimed by one transaction and its state checked in it,
 * so a missed deadline fires once, whatever the number of replicas; a crash before commit leaves
 * it due for the next claim. Answers how many rows were claimed.
 */
export async function claimDueHeartbeats(
  tx: EntityManager,
  deps: SignalDeps,
  now: Date,
  limit: number,
): Promise<number> {
  const rows = await queryRows<{
    outcome: 'late' | 'down' | 'idle';
    rule_id: string;
    instance: string;
    late_at: Date | string | null;
    last_ping_at: Date | string | null;
  }>(
    tx,
    `with due as (
       select id from heartbeats where due_at <= ?::timestamptz order by due_at limit ? for update skip locked),
     late as (
       update heartbeats h set state = 'late', due_at = h.down_at, updated_at = ?::timestamptz
         from due where h.id = due.id and h.state = 'up' and h.down_at > ?::timestamptz
       returning h.id, h.rule_id, h.instance, h.late_at, h.last_ping_at),
     down as (
       update heartbeats h set state = 'down', due_at = null, updated_at = ?::timestamptz
         from due where h.id = due.id and h.state in ('up', 'late') and h.down_at <= ?::timestamptz
       returning h.id, h.rule_id, h.instance, h.late_at, h.last_ping_at),
     idle as (
       -- Due but not waiting for a ping (paused or down since): nothing to look at any more.
       update heartbeats h set due_at = null
         from due where h.id = due.id and (h.state not in ('up', 'late') or h.down_at is null)
       returning h.id, h.rule_id, h.instance, h.late_at, h.last_ping_at)
     select 'late' as outcome, rule_id, instance, late_at, last_ping_at from late
     union all select 'down', rule_id, instance, late_at, last_ping_at from down
     union all select 'idle', rule_id, instance, late_at, last_ping_at from idle`,
    [now, limit, now, now, now, now],
  );
  for (const row of rows) {
    if (row.outcome !== 'down') continue;
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
