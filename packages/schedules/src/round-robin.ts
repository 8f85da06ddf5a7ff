import type { MikroORM } from '@mikro-orm/core';
import { queryRows, runStatement } from '@oncall/core/persistence';

/** The alert and flow step a round-robin pick is for; the engine's `RoundRobinTurn`. */
export interface PeopleTurn {
  readonly alertEventId: string;
  readonly flowEndpointId: string;
  readonly stepIndex: number;
}

/**
 * The one person a round-robin step pages for an alert, out of `candidates` (user ids): the one it
 * picked for this alert before while they are still a candidate (a retried activity, a repeat
 * round), else the next in turn. Turns are counted per flow step in the database, so they survive
 * restarts and two processes never take the same turn. Undefined when there is nobody to pick.
 */
export async function pickInTurn(
  orm: MikroORM,
  turn: PeopleTurn,
  candidates: readonly string[],
): Promise<string | undefined> {
  if (candidates.length === 0) return undefined;
  const ordered = [...candidates].sort();
  const stepKey = `${turn.flowEndpointId}:${turn.stepIndex}`;
  return orm.em.fork().transactional(async (tx) => {
    const [picked] = await queryRows<{ user_id: string }>(
      tx,
      'select user_id from round_robin_picks where step_key = ? and alert_event_id = ? for update',
      [stepKey, turn.alertEventId],
    );
    if (picked && ordered.includes(picked.user_id)) return picked.user_id;
    const [cursor] = await queryRows<{ turns: string | number }>(
      tx,
      `insert into round_robin_cursors (step_key, turns) values (?, 1)
       on conflict (step_key) do update set turns = round_robin_cursors.turns + 1
       returning turns`,
      [stepKey],
    );
    const taken = Number(cursor?.turns ?? 1) - 1;
    const next = ordered[taken % ordered.length] as string;
    await runStatement(
      tx,
      `insert into round_robin_picks (step_key, alert_event_id, user_id) values (?, ?, ?)
       on conflict (step_key, alert_event_id) do update set user_id = excluded.user_id, created_at = now()`,
      [stepKey, turn.alertEventId, next],
    );
    return next;
  });
}
