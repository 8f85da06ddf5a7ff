import type { EntityManager, MikroORM } from '@mikro-orm/core';
import {
  type Actor,
  type Clock,
  isId,
  newId,
  notFound,
  type Orchestrator,
  validationFailed,
} from '@oncall/core';
import { queryRows, runStatement } from '@oncall/core/persistence';
import { stringify } from 'csv-stringify/sync';
import { instantOf } from './instant-input';
import type { OnCallEntry } from './model';
import { ScheduleResolver } from './resolver';
import { canUseTeamSchedules, visibleTeamIds } from './schedule-access';
import { loadSchedule, SCHEDULE_COLUMNS, type ScheduleRow, toStored } from './schedule-rows';
import { queueShiftNotice, type ShiftChange } from './shift-notice';
import { toResolvable } from './stored-schedule';

const DAY = 86_400_000;
/** A history read or an hours report spans at most a year. */
const MAX_RANGE_DAYS = 366;
/** Schedules advanced per pass; the rest wait for the next one. */
const PASS_LIMIT = 50;

export interface OnCallStretch {
  userId: string;
  name: string;
  from: string;
  /** Null while the stretch lasts. */
  until: string | null;
  layerId: string | null;
  rotationId: string | null;
  overrideId: string | null;
}

interface HistoryRow {
  user_id: string;
  name: string;
  started_at: Date | string;
  ended_at: Date | string | null;
  layer_id: string | null;
  rotation_id: string | null;
  override_id: string | null;
}

interface OpenStretch {
  id: string;
  reason: string;
}

/** Stands in for a malformed rule id: matches no rule, where a bad uuid would fail the statement. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

const stretchOf = (row: HistoryRow): OnCallStretch => ({
  userId: row.user_id,
  name: row.name,
  from: new Date(row.started_at).toISOString(),
  until: row.ended_at === null ? null : new Date(row.ended_at).toISOString(),
  layerId: row.layer_id,
  rotationId: row.rotation_id,
  overrideId: row.override_id,
});

const reasonOf = (entry: OnCallEntry) =>
  `${entry.layerId ?? ''}|${entry.rotationId ?? ''}|${entry.overrideId ?? ''}`;

/** A stretch as an alert's reader sees it: which of the rule's teams' schedules, and who. */
export interface OnCallWhenFired extends OnCallStretch {
  scheduleId: string;
  scheduleName: string;
}

/** An instant on a rule's timeline: "who was on call for this rule's teams then". */
export interface RuleInstant {
  ruleId: string;
  /** ISO 8601. */
  at: string;
}

export interface OnCallHistoryDeps {
  orm: MikroORM;
  clock: Clock;
  /**
   * Queues the shift-change notices of schedules that name a notice endpoint; without it (a reader)
   * the history is written without notices.
   */
  orchestrator?: Orchestrator | undefined;
}

/**
 * The append-only on-call history: who was on call on each schedule, when and why, written from the
 * resolver as time passes (`recordDue`, run where the engine's work runs) and never rewritten by a
 * later edit or override, so "who was on call when it fired" stays what it was. Replicas split the
 * schedules with `for update skip locked`; each schedule keeps how far its history is written.
 */
export class OnCallHistory {
  constructor(private readonly deps: OnCallHistoryDeps) {}

  private em(): EntityManager {
    return this.deps.orm.em.fork();
  }

  /** Writes every schedule's history up to now; answers how many schedules it advanced. */
  async recordDue(): Promise<number> {
    const now = this.deps.clock.now();
    return this.em().transactional(async (tx) => {
      const rows = await queryRows<ScheduleRow & { history_through: Date | string | null }>(
        tx,
        `select ${SCHEDULE_COLUMNS}, history_through from schedules
          where coalesce(history_through, created_at) < ?
          order by coalesce(history_through, created_at) limit ${PASS_LIMIT} for update skip locked`,
        [now],
      );
      for (const row of rows) {
        const from = new Date(row.history_through ?? row.created_at).getTime();
        await this.record(tx, row, from, now.getTime());
      }
      return rows.length;
    });
  }

  private async record(tx: EntityManager, row: ScheduleRow, from: number, until: number): Promise<void> {
    const schedule = toStored(row);
    const segments = new ScheduleResolver(toResolvable(schedule)).between(from, until);
    const people = [...new Set(segments.flatMap((segment) => segment.onCall.map((entry) => entry.userId)))];
    // A member whose user was deleted stays in old rotation versions; the history names only users.
    const users = people.length
      ? new Set(
          (
            await queryRows<{ id: string }>(
              tx,
              `select id from users where id in (${people.map(() => '?').join(', ')})`,
              people,
            )
          ).map((user) => user.id),
        )
      : new Set<string>();
    const open = new Map<string, OpenStretch>();
    for (const stretch of await queryRows<{
      id: string;
      user_id: string;
      layer_id: string | null;
      rotation_id: string | null;
      override_id: string | null;
    }>(
      tx,
      'select id, user_id, layer_id, rotation_id, override_id from on_call_history where schedule_id = ? and ended_at is null',
      [schedule.id],
    )) {
      open.set(stretch.user_id, {
        id: stretch.id,
        reason: reasonOf({
          userId: stretch.user_id,
          ...(stretch.layer_id ? { layerId: stretch.layer_id } : {}),
          ...(stretch.rotation_id ? { rotationId: stretch.rotation_id } : {}),
          ...(stretch.override_id ? { overrideId: stretch.override_id } : {}),
        }),
      });
    }
    // The last change of who is on call in this pass: only the people on call now are news.
    let change: ShiftChange | null = null;
    for (const segment of segments) {
      const present = new Map(
        segment.onCall.filter((entry) => users.has(entry.userId)).map((entry) => [entry.userId, entry]),
      );
      if (present.size !== open.size || [...present.keys()].some((userId) => !open.has(userId)))
        change = { at: segment.from, userIds: [...present.keys()] };
      for (const [userId, stretch] of open) {
        const entry = present.get(userId);
        // Off call, or on call for another reason (an override took over a rotation's shift).
        if (!entry || reasonOf(entry) !== stretch.reason) {
          await runStatement(tx, 'update on_call_history set ended_at = ? where id = ?', [
            new Date(segment.from),
            stretch.id,
          ]);
          open.delete(userId);
        }
      }
      for (const [userId, entry] of present) {
        if (open.has(userId)) continue;
        const id = newId();
        await runStatement(
          tx,
          `insert into on_call_history (id, schedule_id, user_id, started_at, layer_id, rotation_id, override_id)
           values (?, ?, ?, ?, ?, ?, ?)`,
          [
            id,
            schedule.id,
            userId,
            new Date(segment.from),
            entry.layerId ?? null,
            entry.rotationId ?? null,
            entry.overrideId ?? null,
          ],
        );
        open.set(userId, { id, reason: reasonOf(entry) });
      }
    }
    await runStatement(tx, 'update schedules set history_through = ? where id = ?', [
      new Date(until),
      schedule.id,
    ]);
    if (change && this.deps.orchestrator)
      await queueShiftNotice(tx, this.deps.orchestrator, schedule, change, until);
  }

  private async range(
    em: EntityManager,
    actor: Actor,
    scheduleId: string,
    range: { from?: string | number | undefined; until?: string | number | undefined },
  ) {
    const schedule = await loadSchedule(em, scheduleId);
    if (!(await canUseTeamSchedules(em, actor, schedule.teamId))) throw notFound('Schedule');
    const now = this.deps.clock.now().getTime();
    const until = range.until === undefined ? now : instantOf(range.until, 'until');
    const from = range.from === undefined ? until - 30 * DAY : instantOf(range.from, 'from');
    if (!(from < until)) throw validationFailed({ until: ['The until must be after from.'] });
    if (until - from > MAX_RANGE_DAYS * DAY)
      throw validationFailed({ until: [`A history read spans at most ${MAX_RANGE_DAYS} days.`] });
    return { from, until, now };
  }

  private stretches(em: EntityManager, scheduleId: string, from: number, until: number) {
    return queryRows<HistoryRow>(
      em,
      `select h.user_id, coalesce(nullif(u.name, ''), u.username) as name, h.started_at, h.ended_at,
          h.layer_id, h.rotation_id, h.override_id
        from on_call_history h join users u on u.id = h.user_id
        where h.schedule_id = ? and h.started_at < ? and (h.ended_at is null or h.ended_at > ?)
        order by h.started_at, name`,
      [scheduleId, new Date(until), new Date(from)],
    );
  }

  /** Who was on call in a range (default the last 30 days, at most a year), as written. */
  async list(
    actor: Actor,
    scheduleId: string,
    range: { from?: string | number | undefined; until?: string | number | undefined },
  ): Promise<{ from: string; until: string; stretches: OnCallStretch[] }> {
    const em = this.em();
    const { from, until } = await this.range(em, actor, scheduleId, range);
    const rows = await this.stretches(em, scheduleId, from, until);
    return {
      from: new Date(from).toISOString(),
      until: new Date(until).toISOString(),
      stretches: rows.map(stretchOf),
    };
  }

  /**
   * Who was on call, as written, at each instant on the schedules of its rule's teams that the
   * caller may use: one statement for all of them (GraphQL asks for a page of episodes at once).
   * A schedule's history is written every 30 s, so an instant in the last half minute may still
   * show the stretch that was open when it was last written.
   */
  async whenFired(actor: Actor, asked: readonly RuleInstant[]): Promise<OnCallWhenFired[][]> {
    const answers = asked.map((): OnCallWhenFired[] => []);
    if (!asked.length) return answers;
    const em = this.em();
    const teams = await visibleTeamIds(em, actor);
    if (teams !== null && teams.length === 0) return answers;
    // The index is the key's position in `asked`: an integer of ours, safe to write into the SQL.
    const values = asked.map((_, index) => `(${index}, ?::uuid, ?::timestamptz)`).join(', ');
    const params: unknown[] = asked.flatMap((ask) => [
      isId(ask.ruleId) ? ask.ruleId : NO_ID,
      new Date(ask.at),
    ]);
    const visible = teams === null ? '' : `where s.team_id in (${teams.map(() => '?').join(', ')})`;
    const rows = await queryRows<HistoryRow & { k: number; schedule_id: string; schedule_name: string }>(
      em,
      `select a.k, s.id as schedule_id, s.name as schedule_name, h.user_id,
          coalesce(nullif(u.name, ''), u.username) as name, h.started_at, h.ended_at,
          h.layer_id, h.rotation_id, h.override_id
        from (values ${values}) as a(k, rule_id, at)
        join alert_rule_teams rt on rt.alert_rule_id = a.rule_id
        join schedules s on s.team_id = rt.team_id
        join on_call_history h on h.schedule_id = s.id and h.started_at <= a.at
          and (h.ended_at is null or h.ended_at > a.at)
        join users u on u.id = h.user_id
        ${visible}
        order by a.k, s.name, h.started_at, name`,
      [...params, ...(teams ?? [])],
    );
    for (const row of rows) {
      answers[Number(row.k)]?.push({
        scheduleId: row.schedule_id,
        scheduleName: row.schedule_name,
        ...stretchOf(row),
      });
    }
    return answers;
  }

  /** On-call hours per person in a range (clipped to it and to now), as CSV for payroll and reports. */
  async hoursCsv(
    actor: Actor,
    scheduleId: string,
    range: { from?: string | number | undefined; until?: string | number | undefined },
  ): Promise<string> {
    const em = this.em();
    const { from, until, now } = await this.range(em, actor, scheduleId, range);
    const end = Math.min(until, now);
    const totals = new Map<string, { name: string; ms: number; stretches: number }>();
    for (const row of await this.stretches(em, scheduleId, from, until)) {
      const start = Math.max(from, new Date(row.started_at).getTime());
      const stop = Math.min(end, row.ended_at === null ? end : new Date(row.ended_at).getTime());
      if (stop <= start) continue;
      const total = totals.get(row.user_id) ?? { name: row.name, ms: 0, stretches: 0 };
      total.ms += stop - start;
      total.stretches += 1;
      totals.set(row.user_id, total);
    }
    const records = [...totals]
      .sort(([, a], [, b]) => b.ms - a.ms || a.name.localeCompare(b.name))
      .map(([userId, total]) => [userId, total.name, (total.ms / 3_600_000).toFixed(2), total.stretches]);
    // A name a spreadsheet would run as a formula is written as text (OWASP "CSV injection").
    return stringify([['user_id', 'name', 'hours', 'stretches'], ...records], {
      cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
    });
  }
}
