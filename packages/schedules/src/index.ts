export { ScheduleError } from './errors.js';
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
} from './model.js';
export type { OnCallResolver } from './on-call-resolver.js';
export { checkOverride } from './overrides.js';
export { ScheduleResolver, whoIsOnCall } from './resolver.js';
export { reviseRotation } from './revisions.js';
