export { ScheduleError } from './errors';
export type { LayerEdit, RotationEdit } from './layer-revisions';
export { reviseLayers } from './layer-revisions';
export type {
  ActiveWindow,
  Layer,
  OnCallAnswer,
  OnCallEntry,
  OnCallSegment,
  Override,
  Rotation,
  RotationMember,
  RotationUnit,
  Schedule,
} from './model';
export type { NotificationRule, PageRule } from './notification-rule-rows';
export { NotificationRules, type NotificationRulesDeps } from './notification-rules';
export {
  OnCallHistory,
  type OnCallHistoryDeps,
  type OnCallStretch,
  type OnCallWhenFired,
  type RuleInstant,
} from './on-call-history';
export {
  createOnCallPeople,
  type PagedPerson,
  type PeopleTarget,
  type PersonEndpoint,
} from './on-call-people';
export { checkOverride } from './overrides';
export { RECURRENCE_HORIZON, recurrenceProblem } from './recurrence';
export { ScheduleResolver, whoIsOnCall } from './resolver';
export { reviseRotation } from './revisions';
export type { PeopleTurn } from './round-robin';
export { ScheduleRecord, ScheduleSwapRecord, scheduleEntities } from './schedule.entity';
export { type OnCallPerson, Schedules, type SchedulesDeps } from './schedules';
export type { StoredLayer, StoredRotation, StoredSchedule } from './stored-schedule';
export { ScheduleSwaps, type ScheduleSwapsDeps } from './swaps';
export { type UserFeedStatus, UserFeeds } from './user-feeds';
