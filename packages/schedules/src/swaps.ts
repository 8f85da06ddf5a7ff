import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { SwapOfferBody, SwapView } from '@oncall/contracts';
import {
  type Actor,
  type Clock,
  conflict,
  forbidden,
  isId,
  newId,
  notFound,
  validationFailed,
} from '@oncall/core';
import { queryRows, runStatement } from '@oncall/core/persistence';
import { scheduleErrorAsValidation } from './errors';
import { instantOf } from './instant-input';
import type { Override } from './model';
import { checkOverride } from './overrides';
import { ScheduleResolver } from './resolver';
import { canUseTeamSchedules } from './schedule-access';
import { loadSchedule } from './schedule-rows';
import type { StoredSchedule } from './stored-schedule';
import { toResolvable } from './stored-schedule';

interface SwapRow {
  id: string;
  schedule_id: string;
  offered_by_id: string;
  offered_by_name: string;
  from: Date | string;
  until: Date | string;
  note: string | null;
  state: 'offered' | 'taken' | 'withdrawn';
  taken_by_id: string | null;
  taken_by_name: string | null;
  override_id: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

const SELECT = `select s.id, s.schedule_id, s.offered_by_id, coalesce(nullif(o.name, ''), o.username) as offered_by_name,
    s."from", s."until", s.note, s.state, s.taken_by_id, coalesce(nullif(t.name, ''), t.username) as taken_by_name,
    s.override_id, s.created_at, s.decided_at
  from schedule_swaps s
  join users o on o.id = s.offered_by_id
  left join users t on t.id = s.taken_by_id`;

/** An offer spans at most this long: a longer absence is an override an editor makes. */
const MAX_SWAP_DAYS = 31;
const DAY = 86_400_000;
const iso = (value: Date | string) => new Date(value).toISOString();

export interface ScheduleSwapsDeps {
  orm: MikroORM;
  clock: Clock;
}

/**
 * Swap requests: a person on call offers a range of their shifts to their team; a teammate who takes
 * it becomes a `replace` override (taker for offerer) under the schedule's row lock, so two takers
 * cannot both win and the override's overlap rules hold; the offerer (or an owner or manager) may
 * withdraw an offer nobody took. Edits never rewrite the past: a swap taken after its start replaces
 * the offerer from the moment it is taken.
 */
export class ScheduleSwaps {
  constructor(private readonly deps: ScheduleSwapsDeps) {}

  private em(): EntityManager {
    return this.deps.orm.em.fork();
  }

  private async usable(em: EntityManager, actor: Actor, scheduleId: string, lock = false) {
    const schedule = await loadSchedule(em, scheduleId, lock);
    if (!(await canUseTeamSchedules(em, actor, schedule.teamId))) throw notFound('Schedule');
    return schedule;
  }

  private async row(em: EntityManager, scheduleId: string, swapId: string): Promise<SwapRow> {
    if (!isId(swapId)) throw notFound('Swap');
    const [row] = await queryRows<SwapRow>(em, `${SELECT} where s.id = ? and s.schedule_id = ?`, [
      swapId,
      scheduleId,
    ]);
    if (!row) throw notFound('Swap');
    return row;
  }

  private view(row: SwapRow): SwapView {
    const now = this.deps.clock.now().getTime();
    const expired = row.state === 'offered' && new Date(row.until).getTime() <= now;
    return {
      id: row.id,
      scheduleId: row.schedule_id,
      offeredBy: { id: row.offered_by_id, name: row.offered_by_name },
      from: iso(row.from),
      until: iso(row.until),
      note: row.note,
      state: expired ? 'expired' : row.state,
      takenBy: row.taken_by_id ? { id: row.taken_by_id, name: row.taken_by_name ?? row.taken_by_id } : null,
      overrideId: row.override_id,
      createdAt: iso(row.created_at),
      decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    };
  }

  /** A schedule's swaps: open offers first, then the last 30 days' decided ones. */
  async list(actor: Actor, scheduleId: string): Promise<SwapView[]> {
    const em = this.em();
    await this.usable(em, actor, scheduleId);
    const since = new Date(this.deps.clock.now().getTime() - 30 * DAY);
    const rows = await queryRows<SwapRow>(
      em,
      `${SELECT} where s.schedule_id = ? and (s.state = 'offered' or s.decided_at >= ?)
        order by case when s.state = 'offered' then 0 else 1 end, s."from"`,
      [scheduleId, since],
    );
    return rows.map((row) => this.view(row));
  }

  /** The caller offers a range of their own shifts; they must be on call in some of it. */
  async offer(actor: Actor, scheduleId: string, body: SwapOfferBody): Promise<SwapView> {
    const em = this.em();
    const schedule = await this.usable(em, actor, scheduleId);
    const now = this.deps.clock.now().getTime();
    const from = instantOf(body.from, 'from');
    const until = instantOf(body.until, 'until');
    if (!(from < until)) throw validationFailed({ until: ['The until must be after from.'] });
    if (until <= now)
      throw validationFailed({ until: ['The range has ended; only coming shifts can be offered.'] });
    if (until - from > MAX_SWAP_DAYS * DAY)
      throw validationFailed({ until: [`A swap spans at most ${MAX_SWAP_DAYS} days.`] });
    if (!this.onCallWithin(schedule, actor.userId, Math.max(from, now), until)) {
      throw validationFailed({ from: ['You are not on call in this range: there is no shift to offer.'] });
    }
    const id = newId();
    await runStatement(
      em,
      `insert into schedule_swaps (id, schedule_id, offered_by_id, "from", "until", note, state, created_at)
       values (?, ?, ?, ?, ?, ?, 'offered', ?)`,
      [id, scheduleId, actor.userId, new Date(from), new Date(until), body.note ?? null, new Date(now)],
    );
    return this.view(await this.row(em, scheduleId, id));
  }

  /** A teammate takes an open offer: a `replace` override from now (or its start) to its end. */
  async take(actor: Actor, scheduleId: string, swapId: string): Promise<SwapView> {
    return this.em().transactional(async (tx) => {
      const schedule = await this.usable(tx, actor, scheduleId, true);
      const swap = await this.row(tx, scheduleId, swapId);
      const now = this.deps.clock.now().getTime();
      const until = new Date(swap.until).getTime();
      if (swap.state !== 'offered') throw conflict(`The swap was already ${swap.state}.`);
      if (until <= now) throw conflict('The swap has expired: its range has ended.');
      if (swap.offered_by_id === actor.userId) {
        throw validationFailed({ swapId: ['You cannot take your own offer; withdraw it instead.'] });
      }
      const override: Override = {
        id: newId(),
        kind: 'replace',
        userId: actor.userId,
        replacedUserId: swap.offered_by_id,
        from: Math.max(new Date(swap.from).getTime(), now),
        until,
      };
      try {
        checkOverride(override, schedule.overrides);
      } catch (error) {
        scheduleErrorAsValidation(error);
      }
      await runStatement(tx, 'update schedules set overrides = ?, updated_at = ? where id = ?', [
        JSON.stringify([...schedule.overrides, override]),
        new Date(now),
        scheduleId,
      ]);
      await runStatement(
        tx,
        `update schedule_swaps set state = 'taken', taken_by_id = ?, override_id = ?, decided_at = ? where id = ?`,
        [actor.userId, override.id, new Date(now), swapId],
      );
      return this.view(await this.row(tx, scheduleId, swapId));
    });
  }

  /** The offerer, an owner or a manager withdraws an offer nobody took. */
  async withdraw(actor: Actor, scheduleId: string, swapId: string): Promise<SwapView> {
    return this.em().transactional(async (tx) => {
      await this.usable(tx, actor, scheduleId, true);
      const swap = await this.row(tx, scheduleId, swapId);
      const mayWithdraw =
        swap.offered_by_id === actor.userId || actor.role === 'owner' || actor.role === 'manager';
      if (!mayWithdraw) throw forbidden('Only the person who offered the swap may withdraw it.');
      if (swap.state !== 'offered') throw conflict(`The swap was already ${swap.state}.`);
      await runStatement(tx, `update schedule_swaps set state = 'withdrawn', decided_at = ? where id = ?`, [
        this.deps.clock.now(),
        swapId,
      ]);
      return this.view(await this.row(tx, scheduleId, swapId));
    });
  }

  private onCallWithin(schedule: StoredSchedule, userId: string, from: number, until: number): boolean {
    return new ScheduleResolver(toResolvable(schedule))
      .between(from, until)
      .some((segment) => segment.onCall.some((entry) => entry.userId === userId));
  }
}
