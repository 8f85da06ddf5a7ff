import { createHash, randomBytes } from 'node:crypto';
import { type EntityManager, type MikroORM, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { OverrideBody, ScheduleBody } from '@oncall/contracts';
import {
  type Actor,
  type Clock,
  type Core,
  isId,
  newId,
  notFound,
  type Orchestrator,
  type PluginRegistry,
  validationFailed,
} from '@oncall/core';
import { queryRows, runStatement } from '@oncall/core/persistence';
import { scheduleErrorAsValidation } from './errors';
import { icalFeed, shiftsOf } from './ical-feed';
import { instantOf } from './instant-input';
import { type LayerEdit, reviseLayers, rotationsInForce } from './layer-revisions';
import type { OnCallEntry, Override } from './model';
import { NotificationRules } from './notification-rules';
import { OnCallHistory } from './on-call-history';
import { checkOverride } from './overrides';
import { recurrenceProblem } from './recurrence';
import { ScheduleResolver } from './resolver';
import { assertCanUseTeamSchedules, canUseTeamSchedules, visibleTeamIds } from './schedule-access';
import { loadSchedule, SCHEDULE_COLUMNS, type ScheduleRow, toStored } from './schedule-rows';
import { type StoredSchedule, toResolvable } from './stored-schedule';
import { ScheduleSwaps } from './swaps';
import { UserFeeds } from './user-feeds';

export interface SchedulesDeps {
  orm: MikroORM;
  clock: Clock;
  /** Which endpoint types are chats (`laneOf`), for a schedule's notice endpoint. */
  plugins: PluginRegistry;
  /** Queues shift-change notices where the history is written. */
  orchestrator?: Orchestrator;
  /** Where users reach the service (`PUBLIC_URL`); feed addresses start with it. */
  publicUrl?: string | undefined;
}

export interface OnCallPerson {
  userId: string;
  name: string;
  layerId: string | null;
  rotationId: string | null;
  overrideId: string | null;
}

const DAY = 86_400_000;
/** A calendar read spans at most this much: longer ranges are the iCal feed's job. */
const MAX_CALENDAR_DAYS = 62;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The editor's layers with effective bounds as epoch ms (422 at the field when not an instant). */
function editsOf(layers: ScheduleBody['layers']): LayerEdit[] {
  return layers.map((layer, l) => ({
    ...layer,
    rotations: layer.rotations.map((rotation, r) => {
      const path = `layers.${l}.rotations.${r}`;
      const bound = (value: string | number | null | undefined, field: string) =>
        value === null || value === undefined ? null : instantOf(value, `${path}.${field}`);
      return {
        ...rotation,
        effectiveFrom: bound(rotation.effectiveFrom, 'effectiveFrom'),
        effectiveUntil: bound(rotation.effectiveUntil, 'effectiveUntil'),
      };
    }),
  }));
}

/** Layers revised at `at` (null: a new schedule); an effective range out of order is a 422 at its field. */
function revised(current: StoredSchedule['layers'], body: ScheduleBody, at: number | null) {
  try {
    return reviseLayers(current, editsOf(body.layers), at, newId);
  } catch (error) {
    return scheduleErrorAsValidation(error);
  }
}

/** Two writers racing for one name both pass the check before writing: the second gets the 422 too. */
function nameTakenAsValidation(error: unknown): never {
  if (error instanceof UniqueConstraintViolationException)
    throw validationFailed({ name: ['The name has already been taken.'] });
  throw error;
}

/**
 * On-call schedules' use cases: a team's schedules (layers, rotations, overrides) kept so that an
 * edit never rewrites the past, and the one resolver's answers for "on call now", the calendar and
 * the iCal feed. Every answer about who is on call comes from `ScheduleResolver`.
 */
export class Schedules {
  /**
   * Over a core's database and clock.
   *
   * @example const schedules = Schedules.of(core, config.http.publicUrl);
   */
  static of(core: Core, publicUrl?: string): Schedules {
    return new Schedules({
      orm: core.orm,
      clock: core.clock,
      plugins: core.plugins,
      orchestrator: core.orchestrator,
      publicUrl,
    });
  }

  /** Swap requests on these schedules. */
  readonly swaps: ScheduleSwaps;
  /** Who was on call, as written while time passed. */
  readonly history: OnCallHistory;
  /** How a page reaches each person: their own rules, read by the pager too. */
  readonly notificationRules: NotificationRules;
  /** Each person's own iCal feed of their shifts across schedules. */
  readonly userFeeds: UserFeeds;

  constructor(private readonly deps: SchedulesDeps) {
    this.swaps = new ScheduleSwaps(deps);
    this.history = new OnCallHistory(deps);
    this.notificationRules = new NotificationRules(deps);
    this.userFeeds = new UserFeeds(deps);
  }

  private em(): EntityManager {
    return this.deps.orm.em.fork();
  }

  private load(em: EntityManager, id: string, lock = false): Promise<StoredSchedule> {
    return loadSchedule(em, id, lock);
  }

  private async readable(em: EntityManager, actor: Actor, id: string): Promise<StoredSchedule> {
    const schedule = await this.load(em, id);
    // One the caller may not use is not theirs to know about: 404, as for rules they cannot see.
    if (!(await canUseTeamSchedules(em, actor, schedule.teamId))) throw notFound('Schedule');
    return schedule;
  }

  async list(actor: Actor): Promise<StoredSchedule[]> {
    const em = this.em();
    const teams = await visibleTeamIds(em, actor);
    if (teams !== null && teams.length === 0) return [];
    const rows =
      teams === null
        ? await queryRows<ScheduleRow>(em, `select ${SCHEDULE_COLUMNS} from schedules order by name`)
        : await queryRows<ScheduleRow>(
            em,
            `select ${SCHEDULE_COLUMNS} from schedules where team_id in (${teams.map(() => '?').join(', ')}) order by name`,
            teams,
          );
    return rows.map(toStored);
  }

  get(actor: Actor, id: string): Promise<StoredSchedule> {
    return this.readable(this.em(), actor, id);
  }

  /**
   * The schedules of `ids` the actor may use, in the order asked, null for one they may not (or
   * an unknown id): what a rule's schedule targets may show of a schedule to a reader of the rule.
   */
  async usableOf(actor: Actor, ids: readonly string[]): Promise<(StoredSchedule | null)[]> {
    const wanted = [...new Set(ids.filter(isId))];
    if (wanted.length === 0) return ids.map(() => null);
    const em = this.em();
    const teams = await visibleTeamIds(em, actor);
    const rows = await queryRows<ScheduleRow>(
      em,
      `select ${SCHEDULE_COLUMNS} from schedules where id in (${wanted.map(() => '?').join(', ')})`,
      wanted,
    );
    const usable = new Map(
      rows
        .filter((row) => teams === null || teams.includes(row.team_id))
        .map((row) => [row.id, toStored(row)] as const),
    );
    return ids.map((id) => usable.get(id) ?? null);
  }

  private async checkReferences(em: EntityManager, body: ScheduleBody): Promise<void> {
    if (
      !isId(body.teamId) ||
      (await queryRows(em, 'select 1 from teams where id = ?', [body.teamId])).length === 0
    )
      throw validationFailed({ teamId: ['The selected team id is invalid.'] });
    // A group's people are checked one by one, each at its own path (`members.<m>.<k>`).
    const members = body.layers.flatMap((layer, l) =>
      layer.rotations.flatMap((rotation, r) =>
        rotation.members.flatMap((member, m) => {
          const path = `layers.${l}.rotations.${r}.members.${m}`;
          if (Array.isArray(member)) return member.map((id, k) => ({ member: id, path: `${path}.${k}` }));
          return [{ member, path }];
        }),
      ),
    );
    const ids = [...new Set(members.flatMap(({ member }) => (member && isId(member) ? [member] : [])))];
    const found = ids.length
      ? new Set(
          (
            await queryRows<{ id: string }>(
              em,
              `select id from users where id in (${ids.map(() => '?').join(', ')})`,
              ids,
            )
          ).map((row) => row.id),
        )
      : new Set<string>();
    const errors: Record<string, string[]> = {};
    for (const { member, path } of members) {
      if (member !== null && !found.has(member)) errors[path] = ['The selected member is invalid.'];
    }
    for (const [l, layer] of body.layers.entries()) {
      for (const [r, rotation] of layer.rotations.entries()) {
        const problem = rotation.recurrence
          ? recurrenceProblem(rotation.recurrence, rotation.startsAt)
          : null;
        if (problem)
          errors[`layers.${l}.rotations.${r}.recurrence`] = [
            `${problem[0]?.toUpperCase()}${problem.slice(1)}.`,
          ];
      }
    }
    if (body.noticeEndpointId && !(await this.isTeamChat(em, body.noticeEndpointId, body.teamId)))
      errors.noticeEndpointId = ["The notice endpoint must be a chat endpoint of the schedule's team."];
    if (Object.keys(errors).length) throw validationFailed(errors);
  }

  /** A chat endpoint (a type on the chat lane) owned by the team's owner or one of its members. */
  private async isTeamChat(em: EntityManager, endpointId: string, teamId: string): Promise<boolean> {
    if (!isId(endpointId)) return false;
    const [endpoint] = await queryRows<{ type: string }>(
      em,
      `select e.type from endpoints e join teams t on t.id = ?
        where e.id = ? and (e.owner_id = t.owner_id or exists (
          select 1 from team_members m where m.team_id = t.id and m.user_id = e.owner_id))`,
      [teamId, endpointId],
    );
    return endpoint !== undefined && this.deps.plugins.laneOf(endpoint.type) === 'chat';
  }

  private async assertNameFree(em: EntityManager, name: string, exceptId?: string): Promise<void> {
    const rows = await queryRows<{ id: string }>(
      em,
      'select id from schedules where lower(name) = lower(?)',
      [name],
    );
    if (rows.some((row) => row.id !== exceptId))
      throw validationFailed({ name: ['The name has already been taken.'] });
  }

  async create(actor: Actor, body: ScheduleBody): Promise<StoredSchedule> {
    const em = this.em();
    await this.checkReferences(em, body);
    await assertCanUseTeamSchedules(em, actor, body.teamId);
    await this.assertNameFree(em, body.name);
    const now = this.deps.clock.now();
    const id = newId();
    const layers = revised([], body, null);
    await runStatement(
      em,
      `insert into schedules (id, team_id, name, time_zone, layers, overrides, notice_endpoint_id, created_at, updated_at)
       values (?, ?, ?, ?, ?, '[]', ?, ?, ?)`,
      [
        id,
        body.teamId,
        body.name,
        body.timeZone,
        JSON.stringify(layers),
        body.noticeEndpointId ?? null,
        now,
        now,
      ],
    ).catch(nameTakenAsValidation);
    return this.load(em, id);
  }

  async update(actor: Actor, id: string, body: ScheduleBody): Promise<StoredSchedule> {
    const em = this.em();
    return em.transactional(async (tx) => {
      const current = await this.load(tx, id, true);
      if (!(await canUseTeamSchedules(tx, actor, current.teamId))) throw notFound('Schedule');
      // Left out, the notice endpoint stays: clients that predate it send the rest back as they read it.
      const noticeEndpointId =
        body.noticeEndpointId === undefined ? current.noticeEndpointId : body.noticeEndpointId;
      await this.checkReferences(tx, { ...body, noticeEndpointId });
      if (body.teamId !== current.teamId) await assertCanUseTeamSchedules(tx, actor, body.teamId);
      await this.assertNameFree(tx, body.name, id);
      const now = this.deps.clock.now();
      // A new time zone re-reads every wall clock: that is a new schedule from now, not an edit.
      const layers = revised(current.layers, body, now.getTime());
      await runStatement(
        tx,
        `update schedules set team_id = ?, name = ?, time_zone = ?, layers = ?, notice_endpoint_id = ?,
           updated_at = ? where id = ?`,
        [body.teamId, body.name, body.timeZone, JSON.stringify(layers), noticeEndpointId, now, id],
      ).catch(nameTakenAsValidation);
      return this.load(tx, id);
    });
  }

  async delete(actor: Actor, id: string): Promise<StoredSchedule> {
    const em = this.em();
    const schedule = await this.readable(em, actor, id);
    await runStatement(em, 'delete from schedules where id = ?', [id]);
    return schedule;
  }

  async addOverride(actor: Actor, id: string, body: OverrideBody): Promise<StoredSchedule> {
    return this.em().transactional(async (tx) => {
      const schedule = await this.load(tx, id, true);
      if (!(await canUseTeamSchedules(tx, actor, schedule.teamId))) throw notFound('Schedule');
      const people = body.kind === 'replace' ? [body.userId, body.replacedUserId] : [body.userId];
      for (const [index, person] of people.entries()) {
        const exists =
          isId(person) && (await queryRows(tx, 'select 1 from users where id = ?', [person])).length > 0;
        if (!exists)
          throw validationFailed({
            [index === 0 ? 'userId' : 'replacedUserId']: ['The selected user is invalid.'],
          });
      }
      const from = instantOf(body.from, 'from');
      const until = instantOf(body.until, 'until');
      const override: Override =
        body.kind === 'replace'
          ? {
              id: newId(),
              kind: 'replace',
              userId: body.userId,
              replacedUserId: body.replacedUserId,
              from,
              until,
            }
          : { id: newId(), kind: body.kind, userId: body.userId, from, until };
      try {
        checkOverride(override, schedule.overrides);
      } catch (error) {
        scheduleErrorAsValidation(error);
      }
      await runStatement(tx, 'update schedules set overrides = ?, updated_at = ? where id = ?', [
        JSON.stringify([...schedule.overrides, override]),
        this.deps.clock.now(),
        id,
      ]);
      return this.load(tx, id);
    });
  }

  async removeOverride(actor: Actor, id: string, overrideId: string): Promise<StoredSchedule> {
    return this.em().transactional(async (tx) => {
      const schedule = await this.load(tx, id, true);
      if (!(await canUseTeamSchedules(tx, actor, schedule.teamId))) throw notFound('Schedule');
      if (!schedule.overrides.some((override) => override.id === overrideId)) throw notFound('Override');
      await runStatement(tx, 'update schedules set overrides = ?, updated_at = ? where id = ?', [
        JSON.stringify(schedule.overrides.filter((override) => override.id !== overrideId)),
        this.deps.clock.now(),
        id,
      ]);
      return this.load(tx, id);
    });
  }

  private async names(em: EntityManager, ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)].filter(isId);
    if (!unique.length) return new Map();
    const rows = await queryRows<{ id: string; name: string | null; username: string }>(
      em,
      `select id, name, username from users where id in (${unique.map(() => '?').join(', ')})`,
      unique,
    );
    return new Map(rows.map((row) => [row.id, row.name || row.username]));
  }

  private people(entries: OnCallEntry[], names: Map<string, string>): OnCallPerson[] {
    return entries.map((entry) => ({
      userId: entry.userId,
      name: names.get(entry.userId) ?? entry.userId,
      layerId: entry.layerId ?? null,
      rotationId: entry.rotationId ?? null,
      overrideId: entry.overrideId ?? null,
    }));
  }

  /** Who is on call at `at` (default now) and the next hand-offs within a week. */
  async onCall(actor: Actor, id: string, at?: string | number) {
    const em = this.em();
    const schedule = await this.readable(em, actor, id);
    const instant = at === undefined ? this.deps.clock.now().getTime() : instantOf(at, 'at');
    const resolver = new ScheduleResolver(toResolvable(schedule));
    const answer = resolver.at(instant);
    const handOffs = resolver.handOffs(instant, instant + 7 * DAY).slice(0, 10);
    const names = await this.names(em, [
      ...answer.onCall.map((entry) => entry.userId),
      ...handOffs.flatMap((handOff) => handOff.onCall.map((entry) => entry.userId)),
    ]);
    return {
      at: new Date(instant).toISOString(),
      onCall: this.people(answer.onCall, names),
      nextHandOffs: handOffs.map((handOff) => ({
        at: new Date(handOff.at).toISOString(),
        onCall: this.people(handOff.onCall, names),
      })),
    };
  }

  /**
   * For every schedule the actor can see, who is on call now and until when: the next hand-off
   * within a week (`until` null when nobody changes in that time). The Now page's "on call now".
   */
  async onCallNow(actor: Actor) {
    const schedules = await this.list(actor);
    const instant = this.deps.clock.now().getTime();
    const answers = schedules.map((schedule) => {
      const resolver = new ScheduleResolver(toResolvable(schedule));
      const [next] = resolver.handOffs(instant, instant + 7 * DAY);
      return { schedule, onCall: resolver.at(instant).onCall, until: next?.at ?? null };
    });
    const names = await this.names(
      this.em(),
      answers.flatMap((answer) => answer.onCall.map((entry) => entry.userId)),
    );
    return {
      at: new Date(instant).toISOString(),
      schedules: answers.map(({ schedule, onCall, until }) => ({
        id: schedule.id,
        name: schedule.name,
        teamId: schedule.teamId,
        timeZone: schedule.timeZone,
        onCall: this.people(onCall, names),
        until: until === null ? null : new Date(until).toISOString(),
      })),
    };
  }

  /** The resolver's segments over a range (default the next 7 days, at most 62 days). */
  async calendar(actor: Actor, id: string, range: { from?: string | number; until?: string | number }) {
    const em = this.em();
    const schedule = await this.readable(em, actor, id);
    const from = range.from === undefined ? this.deps.clock.now().getTime() : instantOf(range.from, 'from');
    const until = range.until === undefined ? from + 7 * DAY : instantOf(range.until, 'until');
    if (!(from < until)) throw validationFailed({ until: ['The until must be after from.'] });
    if (until - from > MAX_CALENDAR_DAYS * DAY)
      throw validationFailed({ until: [`A calendar spans at most ${MAX_CALENDAR_DAYS} days.`] });
    const segments = new ScheduleResolver(toResolvable(schedule)).between(from, until);
    const names = await this.names(
      em,
      segments.flatMap((segment) => segment.onCall.map((entry) => entry.userId)),
    );
    return {
      from: new Date(from).toISOString(),
      until: new Date(until).toISOString(),
      segments: segments.map((segment) => ({
        from: new Date(segment.from).toISOString(),
        until: new Date(segment.until).toISOString(),
        onCall: this.people(segment.onCall, names),
        layers: segment.layers,
      })),
    };
  }

  /** A new secret feed address for the schedule; the old one stops answering. Shown once. */
  async newIcalUrl(actor: Actor, id: string): Promise<{ url: string }> {
    const em = this.em();
    await this.readable(em, actor, id);
    const token = randomBytes(24).toString('base64url');
    await runStatement(em, 'update schedules set ical_token_hash = ? where id = ?', [sha256(token), id]);
    const base = (this.deps.publicUrl ?? '').replace(/\/+$/, '');
    return { url: `${base}/api/v1/schedule-feed/${token}.ics` };
  }

  /** The calendar a feed token names: a week back and a year ahead. 404 for any other token. */
  async icalFeed(token: string): Promise<string> {
    const em = this.em();
    const bare = token.replace(/\.ics$/, '');
    const [row] = await queryRows<ScheduleRow>(
      em,
      `select ${SCHEDULE_COLUMNS} from schedules where ical_token_hash = ?`,
      [sha256(bare)],
    );
    if (!row) throw notFound('Feed');
    const schedule = toStored(row);
    const now = this.deps.clock.now().getTime();
    const segments = new ScheduleResolver(toResolvable(schedule)).between(now - 7 * DAY, now + 365 * DAY);
    const names = await this.names(
      em,
      segments.flatMap((segment) => segment.onCall.map((entry) => entry.userId)),
    );
    return icalFeed(schedule.id, schedule.name, shiftsOf(segments, names));
  }

  /** The view editors read: versions in force now or later, overrides not yet ended. */
  view(schedule: StoredSchedule) {
    const now = this.deps.clock.now().getTime();
    return {
      id: schedule.id,
      name: schedule.name,
      teamId: schedule.teamId,
      timeZone: schedule.timeZone,
      layers: schedule.layers
        .map((layer) => ({
          id: layer.id,
          name: layer.name,
          priority: layer.priority,
          rotations: rotationsInForce(layer, now).map((rotation) => ({
            id: rotation.id,
            name: rotation.name,
            unit: rotation.unit,
            every: rotation.every,
            startsAt: rotation.startsAt,
            recurrence: rotation.recurrence ?? null,
            members: rotation.members,
            activeWindows: rotation.activeWindows ?? [],
            effectiveFrom:
              rotation.effectiveFrom === undefined ? null : new Date(rotation.effectiveFrom).toISOString(),
            effectiveUntil:
              rotation.effectiveUntil === undefined ? null : new Date(rotation.effectiveUntil).toISOString(),
          })),
        }))
        .filter((layer) => layer.rotations.length > 0),
      overrides: schedule.overrides
        .filter((override) => override.until > now)
        .map((override) => ({
          id: override.id,
          kind: override.kind,
          userId: override.userId,
          replacedUserId: override.kind === 'replace' ? override.replacedUserId : null,
          from: new Date(override.from).toISOString(),
          until: new Date(override.until).toISOString(),
        })),
      hasIcalFeed: schedule.hasIcalFeed,
      noticeEndpointId: schedule.noticeEndpointId,
      createdAt: schedule.createdAt.toISOString(),
      updatedAt: schedule.updatedAt.toISOString(),
    };
  }
}
