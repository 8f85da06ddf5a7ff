import type { EntityManager } from '@mikro-orm/core';
import { applySignal, newId, type SignalDeps } from '@oncall/core';
import { queryRows, runStatement } from '@oncall/core/persistence';
import type { HeartbeatState } from './heartbeat.entity';
import type { HeartbeatRule } from './heartbeat-rules';
import { heartbeatSignal } from './heartbeat-signal';
import type { Ping } from './ping';
import { onPing } from './transitions';

/**
 * Stores one ping inside the caller's transaction: the heartbeat row is created on its first ping
 * (an instance key is discovered so) and locked, the ping kept as its last one, its state moved,
 * and the rule's alert instance fired or resolved in the same transaction. A ping racing the
 * monitor waits on the row lock, so one of them decides and the other sees its outcome.
 */
export async function recordPing(
  tx: EntityManager,
  deps: SignalDeps,
  rule: HeartbeatRule,
  ping: Ping,
): Promise<HeartbeatState> {
  const now = deps.clock.now();
  // `do update` rather than `do nothing`: it locks an existing row and returns it in one statement.
  const [row] = await queryRows<{ id: string; state: HeartbeatState }>(
    tx,
    `insert into heartbeats (id, rule_id, instance, state, pings, created_at, updated_at)
     values (?, ?, ?, 'new', 0, ?, ?)
     on conflict (rule_id, instance) do update set updated_at = excluded.updated_at
     returning id, state`,
    [newId(), rule.id, ping.instance, now, now],
  );
  if (!row) throw new Error('The heartbeat row was neither created nor found.');
  const next = onPing(row.state, ping.kind, () => rule.schedule.deadline(rule.settings, now));
  await runStatement(
    tx,
    `update heartbeats
        set last_ping_at = ?, last_ping_kind = ?, last_exit_status = ?, last_run_id = ?, last_body = ?,
            pings = pings + 1,
            last_started_at = case when ? then ?::timestamptz else last_started_at end,
            state = coalesce(?, state),
            late_at = case when ? then ?::timestamptz else late_at end,
            down_at = case when ? then ?::timestamptz else down_at end,
            due_at = case when ? then ?::timestamptz else due_at end
      where id = ?`,
    [
      now,
      ping.kind,
      ping.exitStatus,
      ping.runId,
      ping.body,
      ping.kind === 'start',
      now,
      next?.state ?? null,
      next !== null,
      next?.lateAt ?? null,
      next !== null,
      next?.downAt ?? null,
      next !== null,
      next?.dueAt ?? null,
      row.id,
    ],
  );
  if (next?.signal) {
    const reason =
      next.signal === 'resolve'
        ? 'Heartbeat received again.'
        : ping.exitStatus === null
          ? 'The job reported a failure.'
          : `The job exited with status ${ping.exitStatus}.`;
    await applySignal(
      tx,
      deps,
      rule.id,
      heartbeatSignal(next.signal, {
        instance: ping.instance,
        reason,
        exitStatus: ping.exitStatus,
        runId: ping.runId,
      }),
    );
  }
  return next?.state ?? row.state;
}
