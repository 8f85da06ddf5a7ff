import type { EntityManager } from '@mikro-orm/core';
import { type Actor, forbidden } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';

/**
 * Who may see and edit a schedule: the owner and manager roles, and the people of its team (its
 * owner and members), who run their own rotation as in Grafana OnCall and GoAlert.
 */
export async function canUseTeamSchedules(em: EntityManager, actor: Actor, teamId: string): Promise<boolean> {
  if (actor.role === 'owner' || actor.role === 'manager') return true;
  const rows = await queryRows<{ one: number }>(
    em,
    `select 1 as one from teams t
      where t.id = ? and (t.owner_id = ? or exists (
        select 1 from team_members m where m.team_id = t.id and m.user_id = ?))`,
    [teamId, actor.userId, actor.userId],
  );
  return rows.length > 0;
}

export async function assertCanUseTeamSchedules(
  em: EntityManager,
  actor: Actor,
  teamId: string,
): Promise<void> {
  if (!(await canUseTeamSchedules(em, actor, teamId))) throw forbidden();
}

/** The teams whose schedules an actor sees; `null` means every team. */
export async function visibleTeamIds(em: EntityManager, actor: Actor): Promise<string[] | null> {
  if (actor.role === 'owner' || actor.role === 'manager') return null;
  const rows = await queryRows<{ id: string }>(
    em,
    `select t.id from teams t where t.owner_id = ?
     union select m.team_id from team_members m where m.user_id = ?`,
    [actor.userId, actor.userId],
  );
  return rows.map((row) => row.id);
}
