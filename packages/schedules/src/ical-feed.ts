import ical, { ICalAlarmType } from 'ical-generator';
import type { OnCallSegment } from './model';

export interface FeedShift {
  userId: string;
  userName: string;
  from: number;
  until: number;
}

/** One event per person per stretch on call: a segment split by the people in it, neighbours joined. */
export function shiftsOf(segments: OnCallSegment[], names: Map<string, string>): FeedShift[] {
  const open = new Map<string, FeedShift>();
  const shifts: FeedShift[] = [];
  for (const segment of segments) {
    const present = new Set(segment.onCall.map((entry) => entry.userId));
    for (const [userId, shift] of open) {
      if (!present.has(userId) || shift.until !== segment.from) {
        shifts.push(shift);
        open.delete(userId);
      }
    }
    for (const userId of present) {
      const running = open.get(userId);
      if (running) running.until = segment.until;
      else
        open.set(userId, {
          userId,
          userName: names.get(userId) ?? userId,
          from: segment.from,
          until: segment.until,
        });
    }
  }
  shifts.push(...open.values());
  return shifts.sort((a, b) => a.from - b.from || a.userName.localeCompare(b.userName));
}

/**
 * The schedule as an RFC 5545 calendar (`ical-generator`): an event per shift with a reminder 15
 * minutes before, its UID stable across fetches (schedule, person and start), so calendar apps
 * update events in place instead of duplicating them.
 */
export function icalFeed(scheduleId: string, scheduleName: string, shifts: FeedShift[]): string {
  const calendar = ical({
    name: `On call: ${scheduleName}`,
    prodId: { company: 'oncall', product: 'schedules' },
  });
  for (const shift of shifts) {
    calendar.createEvent({
      id: `${scheduleId}-${shift.userId}-${shift.from}@oncall`,
      start: new Date(shift.from),
      end: new Date(shift.until),
      summary: `On call: ${shift.userName} (${scheduleName})`,
      alarms: [{ type: ICalAlarmType.display, trigger: 15 * 60 }],
    });
  }
  return calendar.toString();
}

/** One of a person's own stretches on call, on one schedule. */
export interface UserFeedShift {
  scheduleId: string;
  scheduleName: string;
  timeZone: string;
  from: number;
  until: number;
}

/**
 * A person's own shifts across schedules as one RFC 5545 calendar, a reminder 15 minutes before
 * each. The UID (person, schedule, start) is stable across fetches and differs from the schedule
 * feed's, so someone subscribed to both gets two calendars, never one event claimed by both.
 */
export function userIcalFeed(userId: string, userName: string, shifts: UserFeedShift[]): string {
  const calendar = ical({
    name: `On call: ${userName}`,
    prodId: { company: 'oncall', product: 'schedules' },
  });
  for (const shift of shifts) {
    calendar.createEvent({
      id: `user-${userId}-${shift.scheduleId}-${shift.from}@oncall`,
      start: new Date(shift.from),
      end: new Date(shift.until),
      summary: `On call: ${shift.scheduleName}`,
      description: `${userName} on call for ${shift.scheduleName} (schedule time zone ${shift.timeZone}).`,
      alarms: [{ type: ICalAlarmType.display, trigger: 15 * 60 }],
    });
  }
  return calendar.toString();
}
