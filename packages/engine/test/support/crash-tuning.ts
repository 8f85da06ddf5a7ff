import type { QueueTuning } from '../../src/index';

/**
 * The default expiry (90 s) and direct lease (92 s) stay: a killed process's jobs must be taken
 * over by the process registry within seconds, not by those backstops. Supervision and polling are
 * quicker than the defaults only to keep the test short.
 */
export const CRASH_TUNING: Partial<QueueTuning> = {
  superviseIntervalSeconds: 1,
  pollingIntervalSeconds: 0.5,
};
