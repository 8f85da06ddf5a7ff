import { z } from 'zod';
import { idField, requiredText } from '../common/fields';

const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const WALL_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}

/** An IANA zone name (`Europe/London`, `UTC`); the schedule's wall clock. */
export const timeZoneField = z
  .string({ error: 'The time zone field is required.' })
  .max(64)
  .refine(isTimeZone, 'The time zone must be an IANA zone name such as Europe/London.');

const activeWindow = z.strictObject({
  weekdays: z
    .array(z.number().int().min(1).max(7), { error: 'The weekdays must be an array of 1 (Monday) to 7.' })
    .min(1)
    .max(7)
    .describe('ISO weekdays of the window start: 1 = Monday … 7 = Sunday.'),
  start: z.string().regex(WALL_TIME, 'The start must be a wall-clock time HH:mm.'),
  end: z
    .string()
    .regex(WALL_TIME, 'The end must be a wall-clock time HH:mm.')
    .describe('At or before the start: the window runs past midnight.'),
});

/** The text of an RRULE value: its parts, upper case (checked in full by the schedules module). */
const RRULE_TEXT = /^[A-Z]+=[A-Z0-9,+-]+(;[A-Z]+=[A-Z0-9,+-]+)*$/;
/** More people than this on call together is a team, not a shift. */
const MAX_GROUP = 20;

/** A rotation member: a user id, a group of user ids on call together, or `null` for a gap. */
const rotationMember = z.union(
  [
    idField('member'),
    z
      .array(idField('member'))
      .min(1, 'A group needs at least one member.')
      .max(MAX_GROUP, `A group may have at most ${MAX_GROUP} members.`)
      .refine((ids) => new Set(ids).size === ids.length, 'A group lists a member twice.'),
    z.null(),
  ],
  { error: 'A member must be a user id, an array of user ids (a group), or null (a gap).' },
);
/** The last instantField a calendar can name (the end of year 9999): later ones are no date at all. */
const LAST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An instantField as clients send one: ISO 8601 with its offset, or epoch milliseconds, up to year 9999. */
export const instantField = z
  .union([
    z.iso.datetime({ offset: true }).refine((text) => {
      const ms = Date.parse(text);
      return Number.isFinite(ms) && ms >= 0 && ms <= LAST_INSTANT_MS;
    }, 'The instantField must fall between 1970 and the end of year 9999.'),
    z.number().int().min(0).max(LAST_INSTANT_MS, 'The instantField must fall before the end of year 9999.'),
  ])
  .describe('An ISO 8601 instantField with its offset, or epoch milliseconds, up to the end of year 9999.');

export const rotationBody = z.strictObject({
  id: z.string().max(64).optional().describe("Keep a rotation's id to edit it; leave out to add one."),
  name: z.string().trim().max(190).nullish(),
  effectiveFrom: instantField
    .nullish()
    .describe(
      'When the rotation comes into force (its hand-offs still count from `startsAt`). A past instant or none: from the change (on a new schedule, from the first hand-off); edits never rewrite the past. Reads carry the start of the version in force, so a read can be sent back as it is.',
    ),
  effectiveUntil: instantField
    .nullish()
    .describe(
      'When the rotation stops being in force; after the change and after `effectiveFrom`. None: it runs on.',
    ),
  unit: z.enum(['hour', 'day', 'week'], { error: 'The unit must be hour, day or week.' }),
  every: z.number().int().min(1).max(1000).default(1),
  startsAt: z
    .string()
    .regex(WALL_DATE_TIME, 'The start must be a wall-clock date and time YYYY-MM-DDTHH:mm.')
    .describe("The first hand-off, on the schedule's wall clock (a recurrence rule's DTSTART)."),
  recurrence: z
    .string()
    .trim()
    .max(500)
    .regex(RRULE_TEXT, 'The recurrence must be an RFC 5545 RRULE value such as FREQ=WEEKLY;BYDAY=MO,WE,FR.')
    .nullish()
    .describe(
      "An RFC 5545 RRULE value (no DTSTART, COUNT or UNTIL; hourly or slower): the hand-offs are its occurrences from startsAt on the schedule's wall clock, and unit and every are not used. Null or absent: a hand-off every `every` units.",
    ),
  members: z
    .array(rotationMember, { error: 'The members must be an array.' })
    .min(1, 'A rotation needs at least one member.')
    .max(100)
    .describe(
      'One per shift, in hand-off order: a user id, an array of user ids (a group, all on call together for the shift), or `null`, an explicit gap (nobody on call for that shift).',
    ),
  activeWindows: z.array(activeWindow).max(50).optional(),
});

export const layerBody = z.strictObject({
  id: z.string().max(64).optional(),
  name: z.string().trim().max(190).nullish(),
  priority: z
    .number()
    .int()
    .min(0)
    .max(1000)
    .describe('A higher layer masks lower ones while it has someone on call.'),
  rotations: z.array(rotationBody).min(1).max(20),
});

export const scheduleBody = z.strictObject({
  name: requiredText('name'),
  teamId: idField('team id'),
  timeZone: timeZoneField,
  layers: z.array(layerBody).max(20).default([]),
  noticeEndpointId: idField('notice endpoint id')
    .nullable()
    .optional()
    .describe(
      'A chat endpoint of the team (owned by its owner or a member) told "<names> now on call for <schedule> until <next hand-off>" at each shift change; null for none. Left out of an update: kept as it is.',
    ),
});

export const overrideBody = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('add'),
      userId: idField('user id'),
      from: instantField,
      until: instantField,
    }),
    z.strictObject({
      kind: z.literal('remove'),
      userId: idField('user id'),
      from: instantField,
      until: instantField,
    }),
    z.strictObject({
      kind: z.literal('replace'),
      userId: idField('user id'),
      replacedUserId: idField('replaced user id'),
      from: instantField,
      until: instantField,
    }),
  ],
  { error: 'The kind must be add, remove or replace.' },
);

export const scheduleRangeQuery = z.strictObject({
  from: instantField.optional(),
  until: instantField.optional(),
});

export const scheduleAtQuery = z.strictObject({ at: instantField.optional() });

const rotationView = z.object({
  id: z.string(),
  name: z.string().nullable(),
  unit: z.enum(['hour', 'day', 'week']),
  every: z.number().int(),
  startsAt: z.string(),
  recurrence: z
    .string()
    .nullable()
    .describe('The RRULE whose occurrences are the hand-offs; null: unit rotations.'),
  members: z
    .array(z.union([z.string(), z.array(z.string())]).nullable())
    .describe('A user id, a group of user ids on call together, or null (a gap), per shift.'),
  activeWindows: z.array(activeWindow),
  effectiveFrom: z.iso.datetime().nullable(),
  effectiveUntil: z.iso.datetime().nullable(),
});

const overrideView = z.object({
  id: z.string(),
  kind: z.enum(['add', 'remove', 'replace']),
  userId: z.string(),
  replacedUserId: z.string().nullable(),
  from: z.iso.datetime(),
  until: z.iso.datetime(),
});

export const scheduleViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  teamId: z.string(),
  timeZone: z.string(),
  layers: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      priority: z.number().int(),
      rotations: z
        .array(rotationView)
        .describe('The versions in force now and later; past ones are kept for history.'),
    }),
  ),
  overrides: z.array(overrideView).describe('Overrides that have not ended.'),
  hasIcalFeed: z.boolean(),
  noticeEndpointId: z.string().nullable().describe('The chat endpoint told of shift changes; null: none.'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

const onCallPerson = z.object({
  userId: z.string(),
  name: z.string(),
  layerId: z.string().nullable(),
  rotationId: z.string().nullable(),
  overrideId: z.string().nullable(),
});

export const onCallViewSchema = z.object({
  at: z.iso.datetime(),
  onCall: z.array(onCallPerson).describe('Empty: nobody is on call (a gap).'),
  nextHandOffs: z.array(z.object({ at: z.iso.datetime(), onCall: z.array(onCallPerson) })).max(10),
});

export const scheduleCalendarSchema = z.object({
  from: z.iso.datetime(),
  until: z.iso.datetime(),
  segments: z.array(
    z.object({
      from: z.iso.datetime(),
      until: z.iso.datetime(),
      onCall: z.array(onCallPerson),
      layers: z.array(z.object({ layerId: z.string(), userIds: z.array(z.string()) })),
    }),
  ),
});

export const icalUrlSchema = z.object({
  url: z.string().describe('The secret feed address, shown once: making a new one ends the old one.'),
});

export const userFeedStatusSchema = z.object({
  active: z.boolean().describe("Whether the caller's own feed address answers."),
  createdAt: z.iso.datetime().nullable().describe('When the current address was made; null without one.'),
});

export const swapOfferBody = z.strictObject({
  from: instantField,
  until: instantField,
  note: z.string().trim().max(500).optional().describe('Why, or what the taker should know.'),
});

const swapPerson = z.object({ id: z.string(), name: z.string() });

export const swapViewSchema = z.object({
  id: z.string(),
  scheduleId: z.string(),
  offeredBy: swapPerson,
  from: z.iso.datetime(),
  until: z.iso.datetime(),
  note: z.string().nullable(),
  state: z
    .enum(['offered', 'taken', 'withdrawn', 'expired'])
    .describe('`expired`: still offered when its range ended; nobody can take it any more.'),
  takenBy: swapPerson.nullable(),
  overrideId: z.string().nullable().describe('The `replace` override a taken swap became.'),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});

export const onCallHistorySchema = z.object({
  from: z.iso.datetime(),
  until: z.iso.datetime(),
  stretches: z
    .array(
      z.object({
        userId: z.string(),
        name: z.string(),
        from: z.iso.datetime(),
        until: z.iso.datetime().nullable().describe('Null while the stretch lasts.'),
        layerId: z.string().nullable(),
        rotationId: z.string().nullable(),
        overrideId: z
          .string()
          .nullable()
          .describe('Set when an override (or a taken swap) put them on call.'),
      }),
    )
    .describe('Who was on call, as written while time passed: later edits and overrides never change it.'),
});

export type ScheduleBody = z.output<typeof scheduleBody>;
export type SwapOfferBody = z.output<typeof swapOfferBody>;
export type SwapView = z.output<typeof swapViewSchema>;
export type UserFeedStatusView = z.output<typeof userFeedStatusSchema>;
export type OverrideBody = z.output<typeof overrideBody>;
export type ScheduleView = z.output<typeof scheduleViewSchema>;
export type OnCallView = z.output<typeof onCallViewSchema>;
export type ScheduleCalendarView = z.output<typeof scheduleCalendarSchema>;
