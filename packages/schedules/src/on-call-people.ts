import type { MikroORM } from '@mikro-orm/core';
import type { Urgency } from '@oncall/contracts';
import { isId } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import type { Override, Schedule } from './model';
import { type PageRule, rulesForPage } from './notification-rule-rows';
import { whoIsOnCall } from './resolver';
import { rotationLine } from './rotation-line';
import { type PeopleTurn, pickInTurn } from './round-robin';
import type { StoredLayer } from './stored-schedule';

/** A flow step that pages people; the engine's `PeopleStep`. */
export type PeopleTarget = (
  | {
      readonly type: 'schedule';
      readonly scheduleId: string;
      readonly ifNobodyOnCall?: 'nextStep' | 'teamAdmins';
      readonly roundRobin?: boolean;
    }
  | {
      readonly type: 'rotation';
      readonly scheduleId: string;
      readonly rotationId: string;
      readonly ifNobodyOnCall?: 'nextStep' | 'teamAdmins';
    }
  | { readonly type: 'user'; readonly userId: string }
  | { readonly type: 'team'; readonly teamId: string; readonly roundRobin?: boolean }
) & { readonly urgency?: Urgency };

/** Why a person is paged; the engine's `Recipient` without the flow's own fields. */
export interface PagedPerson {
  readonly userId: string;
  readonly via: 'schedule' | 'user' | 'team' | 'teamAdmins';
  readonly scheduleId?: string;
  readonly layerId?: string;
  readonly rotationId?: string;
  readonly overrideId?: string;
  readonly teamId?: string;
}

/** One endpoint of one paged person; the engine's `PersonPage`. */
export interface PersonEndpoint {
  readonly endpointId: string;
  /** `rule`: the person's notification rule that pages this endpoint, and when. */
  readonly recipient: PagedPerson & { readonly rule?: PageRule };
}

interface ScheduleRow {
  id: string;
  team_id: string;
  time_zone: string;
  layers: unknown;
  overrides: unknown;
}

function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The engine's `OnCallPeople` over the database: whom a people step pages at an instant, each by
 * their notification rules of the step's urgency (`rulesForPage`), or, with none, through all of
 * their own endpoints except flows at once (a person's contact methods: sms, call and email
 * endpoints are verified by a one-time code when they are written). A schedule's people come from
 * the one resolver (`whoIsOnCall`), so the pager and every view agree; with nobody on call and
 * `ifNobodyOnCall: 'teamAdmins'`, the schedule's team admins (its owner) are paged instead. A team
 * step pages its owner and members. A rotation step pages that rotation's own answer
 * (`rotationLine`). With `roundRobin`, a schedule or team step pages one of its people per alert,
 * taking turns (`pickInTurn`). Missing schedules, users and teams page nobody.
 *
 * @example
 * const people = createOnCallPeople(orm);
 * await people.pagesAt({ type: 'schedule', scheduleId }, Date.now(), { alertEventId, flowEndpointId, stepIndex: 0 });
 */
export function createOnCallPeople(orm: MikroORM) {
  const peopleOf = async (step: PeopleTarget, atMs: number): Promise<PagedPerson[]> => {
    const em = orm.em.fork();
    switch (step.type) {
      case 'user': {
        if (!isId(step.userId)) return [];
        const rows = await queryRows<{ id: string }>(em, 'select id from users where id = ?', [step.userId]);
        return rows.map((row) => ({ userId: row.id, via: 'user' }));
      }
      case 'team':
        return (await teamPeople(orm, step.teamId, false)).map((userId) => ({
          userId,
          via: 'team',
          teamId: step.teamId,
        }));
      case 'schedule':
      case 'rotation': {
        if (!isId(step.scheduleId)) return [];
        const [row] = await queryRows<ScheduleRow>(
          em,
          'select id, team_id, time_zone, layers, overrides from schedules where id = ?',
          [step.scheduleId],
        );
        if (row === undefined) return [];
        const schedule: Schedule = {
          id: row.id,
          teamId: row.team_id,
          timeZone: row.time_zone,
          layers: parsedJson<StoredLayer[]>(row.layers),
          overrides: parsedJson<Override[]>(row.overrides),
        };
        const asked = step.type === 'rotation' ? rotationLine(schedule, step.rotationId) : schedule;
        const onCall = whoIsOnCall(asked, atMs).onCall.map(
          (entry): PagedPerson => ({
            userId: entry.userId,
            via: 'schedule',
            scheduleId: row.id,
            ...(entry.layerId ? { layerId: entry.layerId } : {}),
            ...(entry.rotationId ? { rotationId: entry.rotationId } : {}),
            ...(entry.overrideId ? { overrideId: entry.overrideId } : {}),
          }),
        );
        if (onCall.length > 0 || step.ifNobodyOnCall !== 'teamAdmins') return onCall;
        return (await teamPeople(orm, row.team_id, true)).map((userId) => ({
          userId,
          via: 'teamAdmins',
          scheduleId: row.id,
          teamId: row.team_id,
        }));
      }
    }
  };

  // A round-robin step pages one of the people it names (never its team-admin fallback), in turn.
  const inTurn = async (step: PeopleTarget, people: PagedPerson[], turn: PeopleTurn) => {
    if (!('roundRobin' in step) || step.roundRobin !== true) return people;
    const named = people.filter((person) => person.via !== 'teamAdmins');
    if (named.length === 0) return people;
    const picked = await pickInTurn(
      orm,
      turn,
      named.map((person) => person.userId),
    );
    return named.filter((person) => person.userId === picked);
  };

  return {
    async pagesAt(step: PeopleTarget, atMs: number, turn: PeopleTurn): Promise<PersonEndpoint[]> {
      const people = await inTurn(step, unique(await peopleOf(step, atMs)), turn);
      if (people.length === 0) return [];
      const rules = await rulesForPage(
        orm.em.fork(),
        people.map((person) => person.userId),
        step.urgency ?? 'default',
      );
      const ruled: PersonEndpoint[] = people.flatMap((person) =>
        (rules.get(person.userId) ?? []).map((rule) => ({
          endpointId: rule.endpointId,
          recipient: { ...person, rule: { urgency: rule.urgency, delayMinutes: rule.delayMinutes } },
        })),
      );
      const unruled = people.filter((person) => !rules.has(person.userId));
      if (unruled.length === 0) return ruled;
      return [...ruled, ...(await allEndpointsOf(orm, unruled))];
    },
  };
}

/** People without notification rules: every endpoint of theirs but flows, at once (as before rules existed). */
async function allEndpointsOf(orm: MikroORM, people: readonly PagedPerson[]): Promise<PersonEndpoint[]> {
  const rows = await queryRows<{ id: string; owner_id: string }>(
    orm.em.fork(),
    `select id, owner_id from endpoints
      where owner_id in (${people.map(() => '?').join(', ')}) and type <> 'flow'
      order by id`,
    people.map((person) => person.userId),
  );
  const byUser = new Map(people.map((person) => [person.userId, person]));
  return rows.flatMap((row) => {
    const recipient = byUser.get(row.owner_id);
    return recipient ? [{ endpointId: row.id, recipient }] : [];
  });
}

/** A person on call twice (two layers, or added by an override) is paged once, for the first reason. */
function unique(people: readonly PagedPerson[]): PagedPerson[] {
  const seen = new Set<string>();
  return people.filter((person) => !seen.has(person.userId) && seen.add(person.userId));
}

/** A team's admins are its owner (the only team role there is); its people, the owner and members. */
async function teamPeople(orm: MikroORM, teamId: string, adminsOnly: boolean): Promise<string[]> {
  if (!isId(teamId)) return [];
  const rows = await queryRows<{ user_id: string }>(
    orm.em.fork(),
    adminsOnly
      ? 'select owner_id as user_id from teams where id = ?'
      : `select owner_id as user_id from teams where id = ?
         union select user_id from team_members where team_id = ? order by user_id`,
    adminsOnly ? [teamId] : [teamId, teamId],
  );
  return rows.map((row) => row.user_id);
}
