import type { EntityManager, MikroORM } from '@mikro-orm/core';
import {
  type Actor,
  type Clock,
  newId,
  notFound,
  queryRows,
  runStatement,
  validationFailed,
} from '@oncall/core';
import { stringify } from 'csv-stringify/sync';
import { instantOf } from './instant-input';
import type { OnCallEntry } from './model';
import { ScheduleResolver } from './resolver';
import { canUseTeamSchedules } from './schedule-access';
import { loadSchedule, SCHEDULE_COLUMNS, type ScheduleRow, toStored } from './schedule-rows';
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

const reasonOf = (entry: OnCallEntry) =>
  `${entry.layerId ?? ''}|${entry.rotationId ?? ''}|${entry.overrideId ?? ''}`;

export interface OnCallHistoryDeps {
  orm: MikroORM;
  clock: Clock;
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
    for (const segment of segments) {
      const present = new Map(
        segment.onCall.filter((entry) => users.has(entry.userId)).map((entry) => [entry.userId, entry]),
      );
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
      stretches: rows.map((row) => ({
        userId: row.user_id,
        name: row.name,
        from: new Date(row.started_at).toISOString(),
        until: row.ended_at === null ? null : new Date(row.ended_at).toISOString(),
        layerId: row.layer_id,
        rotationId: row.rotation_id,
        overrideId: row.override_id,
      })),
    };
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
