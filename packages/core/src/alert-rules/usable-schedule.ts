import type { Actor } from '../auth/actor';
import { type SqlFragment, sql } from '../persistence/sql-fragment';

/**
 * Whether the actor may use a schedule (`s`) of a team (`t`) in a statement: the owner and manager
 * roles, the team's owner and its people (as the schedules module's `schedule-access.ts` decides).
 * The schedules tables are that module's, read here so the core need not depend on it.
 *
 * @example
 * sql`select s.id from schedules s join teams t on t.id = s.team_id where ${scheduleUsableBy(actor)}`
 */
export function scheduleUsableBy(actor: Pick<Actor, 'userId' | 'role'>): SqlFragment {
  const everyTeam = actor.role === 'owner' || actor.role === 'manager';
  return sql`(${everyTeam} or t.owner_id = ${actor.userId}
              or exists (select 1 from team_members m where m.team_id = t.id and m.user_id = ${actor.userId}))`;
}
