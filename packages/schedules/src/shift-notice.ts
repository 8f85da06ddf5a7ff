import type { EntityManager } from '@mikro-orm/core';
import { newId, type Orchestrator } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import { DateTime } from 'luxon';
import { ScheduleResolver } from './resolver';
import { type StoredSchedule, toResolvable } from './stored-schedule';

const WEEK = 7 * 86_400_000;

/** A shift change the history writer recorded: who is on call from `at` (ids, possibly none). */
export interface ShiftChange {
  at: number;
  userIds: readonly string[];
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cho". */
function listed(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'Nobody';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The hand-off as the team reads it: the schedule's wall clock and zone, in English whatever the server's locale. */
function wallClock(at: number, timeZone: string): string {
  const text = DateTime.fromMillis(at, { zone: timeZone }).setLocale('en').toFormat('ccc d LLL yyyy HH:mm');
  return `${text} (${timeZone})`;
}

/**
 * Queues the notice of a shift change to the schedule's notice endpoint: "<names> now on call for
 * <schedule> until <next hand-off>", the hand-off being the resolver's next change of people within
 * a week. Run in the history writer's transaction, so the notice and the stretches it announces
 * commit together; the notice's key (schedule and change instant) is unique, so a change is
 * announced once whichever process or pass writes it. Answers whether it queued one.
 */
export async function queueShiftNotice(
  tx: EntityManager,
  orchestrator: Orchestrator,
  schedule: StoredSchedule,
  change: ShiftChange,
  now: number,
): Promise<boolean> {
  const endpointId = schedule.noticeEndpointId;
  if (endpointId === null) return false;
  const names = change.userIds.length
    ? (
        await queryRows<{ name: string }>(
          tx,
          `select coalesce(nullif(name, ''), username) as name from users
            where id in (${change.userIds.map(() => '?').join(', ')}) order by name`,
          [...change.userIds],
        )
      ).map((row) => row.name)
    : [];
  const [next] = new ScheduleResolver(toResolvable(schedule)).handOffs(now, now + WEEK);
  const until = next
    ? `until ${wallClock(next.at, schedule.timeZone)}`
    : 'with no hand-off in the next 7 days';
  const body = `${listed(names)} now on call for ${schedule.name} ${until}`;
  const created = await queryRows<{ id: string }>(
    tx,
    `insert into notices (id, key, endpoint_id, title, body, created_at) values (?, ?, ?, ?, ?, ?)
     on conflict (key) do nothing returning id`,
    [
      newId(),
      `shift:${schedule.id}:${change.at}`,
      endpointId,
      `On call: ${schedule.name}`,
      body,
      new Date(now),
    ],
  );
  const [notice] = created;
  if (!notice) return false;
  await orchestrator.sendNotice(tx, { noticeId: notice.id, endpointId });
  return true;
}
