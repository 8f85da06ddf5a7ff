import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { type Actor, type Clock, notFound } from '@oncall/core';
import { queryRows, runStatement } from '@oncall/core/persistence';
import { shiftsOf, type UserFeedShift, userIcalFeed } from './ical-feed';
import { ScheduleResolver } from './resolver';
import { SCHEDULE_COLUMNS, type ScheduleRow, toStored } from './schedule-rows';
import { toResolvable } from './stored-schedule';

export interface UserFeedsDeps {
  orm: MikroORM;
  clock: Clock;
  /** Where users reach the service (`PUBLIC_URL`); feed addresses start with it. */
  publicUrl?: string | undefined;
}

/** Whether a person has a feed; its address is shown only when made. */
export interface UserFeedStatus {
  active: boolean;
  createdAt: string | null;
}

const DAY = 86_400_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A person's own iCal feed on a secret address: their shifts on every schedule, a week back and a
 * year ahead, from the same resolver as every other view. The token is the credential, kept only
 * as its SHA-256; the person makes a new one (the old one stops answering) or stops the feed.
 */
export class UserFeeds {
  constructor(private readonly deps: UserFeedsDeps) {}

  private em(): EntityManager {
    return this.deps.orm.em.fork();
  }

  async status(actor: Actor): Promise<UserFeedStatus> {
    const [row] = await queryRows<{ created_at: Date | string }>(
      this.em(),
      'select created_at from user_ical_feeds where user_id = ?',
      [actor.userId],
    );
    return row
      ? { active: true, createdAt: new Date(row.created_at).toISOString() }
      : { active: false, createdAt: null };
  }

  /** A new secret address for the caller's feed; the previous one stops answering. Shown once. */
  async newUrl(actor: Actor): Promise<{ url: string }> {
    const token = randomBytes(24).toString('base64url');
    await runStatement(
      this.em(),
      `insert into user_ical_feeds (user_id, token_hash, created_at) values (?, ?, ?)
       on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at`,
      [actor.userId, sha256(token), this.deps.clock.now()],
    );
    const base = (this.deps.publicUrl ?? '').replace(/\/+$/, '');
    return { url: `${base}/api/v1/user-feed/${token}.ics` };
  }

  /** Ends the caller's feed: its address stops answering. */
  async stop(actor: Actor): Promise<UserFeedStatus> {
    await runStatement(this.em(), 'delete from user_ical_feeds where user_id = ?', [actor.userId]);
    return { active: false, createdAt: null };
  }

  /** The calendar a feed token names. 404 for any other token. Reads only. */
  async feed(token: string): Promise<string> {
    const em = this.em();
    const [owner] = await queryRows<{ id: string; name: string | null; username: string }>(
      em,
      `select u.id, u.name, u.username from user_ical_feeds f join users u on u.id = f.user_id
        where f.token_hash = ?`,
      [sha256(token.replace(/\.ics$/, ''))],
    );
    if (!owner) throw notFound('Feed');
    const now = this.deps.clock.now().getTime();
    const from = now - 7 * DAY;
    const until = now + 365 * DAY;
    const shifts: UserFeedShift[] = [];
    for (const schedule of await this.schedulesNaming(em, owner.id)) {
      const segments = new ScheduleResolver(toResolvable(schedule)).between(from, until);
      const own = shiftsOf(segments, new Map()).filter((shift) => shift.userId === owner.id);
      for (const shift of own) {
        shifts.push({
          scheduleId: schedule.id,
          scheduleName: schedule.name,
          timeZone: schedule.timeZone,
          from: shift.from,
          until: shift.until,
        });
      }
    }
    shifts.sort((a, b) => a.from - b.from || a.scheduleName.localeCompare(b.scheduleName));
    return userIcalFeed(owner.id, owner.name || owner.username, shifts);
  }

  /**
   * Only schedules whose rotations or overrides name the person can put them on call, so only
   * those are resolved (a year of one schedule takes tens of milliseconds). A group member is an
   * array of user ids in the stored layers, so its people are found by the same text search.
   */
  private async schedulesNaming(em: EntityManager, userId: string) {
    const rows = await queryRows<ScheduleRow>(
      em,
      `select ${SCHEDULE_COLUMNS} from schedules
        where strpos(layers::text, ?) > 0 or strpos(overrides::text, ?) > 0 order by name`,
      [userId, userId],
    );
    return rows.map(toStored);
  }
}
