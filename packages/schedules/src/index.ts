export { ScheduleError } from './errors';
export type {
  ActiveWindow,
  Layer,
  OnCallAnswer,
  OnCallEntry,
  OnCallSegment,
  Override,
  Rotation,
  RotationUnit,
  Schedule,
} from './model';
export type { OnCallResolver } from './on-call-resolver';
export { checkOverride } from './overrides';
export { ScheduleResolver, whoIsOnCall } from './resolver';
export { reviseRotation } from './revisions';
