import type { MikroORM } from '@mikro-orm/postgresql';
import { newId } from '@oncall/core';
import { Team } from '@oncall/core/persistence';
import type { seeder } from './seed';

export type PersonName = 'ana' | 'ben' | 'cho' | 'lead';
export type People = Record<PersonName, { userId: string; sms: string }>;

/** Ana, Ben and Cho rotate; Lead owns the team (its admin). Each has one sms endpoint. */
export async function seedPeople(
  orm: MikroORM,
  seed: ReturnType<typeof seeder>,
): Promise<{ people: People; teamId: string }> {
  const people = {} as People;
  let number = 1;
  for (const name of ['ana', 'ben', 'cho', 'lead'] as const) {
    const userId = await seed.user(`${name}-${newId()}`);
    people[name] = { userId, sms: await seed.endpoint(userId, 'sms', { value: `0912000000${number++}` }) };
  }
  const em = orm.em.fork();
  const team = em.create(Team, { name: `team-${newId()}`, owner: people.lead.userId });
  await em.flush();
  return { people, teamId: team.id };
}

/**
 * A schedule in UTC of one layer (`layer-1`) with one hourly rotation (`rotation-1`) from
 * 2026-12-01 00:00 over `members` (null: a gap), written as the schedules module stores it.
 */
export async function seedHourlySchedule(
  orm: MikroORM,
  teamId: string,
  members: (string | null)[],
  overrides: unknown[] = [],
): Promise<string> {
  const id = newId();
  const layers = [
    {
      id: 'layer-1',
      name: null,
      priority: 0,
      rotations: [
        { id: 'rotation-1', name: null, unit: 'hour', every: 1, startsAt: '2026-12-01T00:00', members },
      ],
    },
  ];
  await orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into schedules (id, team_id, name, time_zone, layers, overrides, created_at, updated_at)
       values (?, ?, ?, 'UTC', ?, ?, now(), now())`,
      [id, teamId, `schedule-${id}`, JSON.stringify(layers), JSON.stringify(overrides)],
    );
  return id;
}

/**
 * A schedule `ruleId` pages directly, written as the core writes a rule's `scheduleTargets`: its id
 * is the notification target routed as a one-step flow.
 */
export async function seedScheduleTarget(
  orm: MikroORM,
  ruleId: string,
  scheduleId: string,
  ifNobodyOnCall: 'nobody' | 'teamAdmins' = 'teamAdmins',
): Promise<string> {
  const id = newId();
  await orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into alert_rule_schedule_targets (id, alert_rule_id, schedule_id, if_nobody_on_call, urgency)
       values (?, ?, ?, ?, 'default')`,
      [id, ruleId, scheduleId, ifNobodyOnCall],
    );
  return id;
}
