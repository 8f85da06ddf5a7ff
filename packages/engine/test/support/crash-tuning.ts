import type { QueueTuning } from '../../src/index';

/** A killed worker's job counts as lost after 3 s and is looked for every second. */
export const CRASH_TUNING: Partial<QueueTuning> = {
  expireInSeconds: 3,
  superviseIntervalSeconds: 1,
  pollingIntervalSeconds: 0.5,
};
