import { defineEntity, p } from '@mikro-orm/core';
import { Endpoint, Team, User } from '@oncall/core/persistence';
import { NotificationRuleRecord } from './notification-rule.entity';
import { RoundRobinCursorRecord, RoundRobinPickRecord } from './round-robin.entity';
import { RuleScheduleTargetRecord } from './rule-schedule-target.entity';
import { UserIcalFeedRecord } from './user-feed.entity';

/**
 * A team's on-call schedule as stored: its layers (each rotation with every version it has had, so
 * an edit never rewrites the past) and overrides as JSON documents, read whole by the resolver.
 * The iCal feed's secret is kept only as its SHA-256. Read and written by plain statements.
 */
const ScheduleSchema = defineEntity({
  name: 'ScheduleRecord',
  tableName: 'schedules',
  properties: {
    id: p.uuid().primary(),
    team: () => p.manyToOne(Team).deleteRule('cascade').index(),
    name: p.text().unique(),
    timeZone: p.text(),
    layers: p.json(),
    overrides: p.json(),
    icalTokenHash: p.text().nullable().unique(),
    /** The chat endpoint told of each shift change; null: none. */
    noticeEndpoint: () => p.manyToOne(Endpoint).nullable().deleteRule('set null'),
    /** How far the on-call history is written (null: not yet, it starts at `createdAt`). */
    historyThrough: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class ScheduleRecord extends ScheduleSchema.class {}
ScheduleSchema.setClass(ScheduleRecord);

/**
 * A swap request: its offerer's range of shifts, offered until a teammate takes it (then
 * `overrideId` names the `replace` override it became) or it is withdrawn. Read and written by
 * plain statements under the schedule's row lock.
 */
const ScheduleSwapSchema = defineEntity({
  name: 'ScheduleSwapRecord',
  tableName: 'schedule_swaps',
  properties: {
    id: p.uuid().primary(),
    schedule: () => p.manyToOne(ScheduleRecord).deleteRule('cascade').index(),
    offeredBy: () => p.manyToOne(User).deleteRule('cascade'),
    from: p.datetime(),
    until: p.datetime(),
    note: p.text().nullable(),
    state: p.text(),
    takenBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    overrideId: p.uuid().nullable(),
    createdAt: p.datetime(),
    decidedAt: p.datetime().nullable(),
  },
});

export class ScheduleSwapRecord extends ScheduleSwapSchema.class {}
ScheduleSwapSchema.setClass(ScheduleSwapRecord);

/**
 * One person's stretch on call on one schedule, appended as shifts change (`endedAt` null while it
 * lasts), with why they were on call. Never rewritten by later edits of the schedule.
 */
const OnCallHistorySchema = defineEntity({
  name: 'OnCallHistoryRecord',
  tableName: 'on_call_history',
  indexes: [{ properties: ['schedule', 'startedAt'] }],
  properties: {
    id: p.uuid().primary(),
    schedule: () => p.manyToOne(ScheduleRecord).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    startedAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    layerId: p.text().nullable(),
    rotationId: p.text().nullable(),
    overrideId: p.text().nullable(),
  },
});

export class OnCallHistoryRecord extends OnCallHistorySchema.class {}
OnCallHistorySchema.setClass(OnCallHistoryRecord);

/** The entities this module adds to the ORM's explicit list. */
export const scheduleEntities = [
  ScheduleRecord,
  ScheduleSwapRecord,
  OnCallHistoryRecord,
  RoundRobinCursorRecord,
  RoundRobinPickRecord,
  NotificationRuleRecord,
  RuleScheduleTargetRecord,
  UserIcalFeedRecord,
];
