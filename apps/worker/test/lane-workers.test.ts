import { DEFAULT_QUEUE_TUNING } from '@oncall/engine';
import { describe, expect, it } from 'vitest';
import { laneWorkers } from '../src/lane-workers';

describe('laneWorkers', () => {
  it('polls every lane, bounding the email and chat workers to the slow lanes’ worker count', () => {
    expect(laneWorkers('oncall', DEFAULT_QUEUE_TUNING)).toEqual([
      { taskQueue: 'oncall' },
      { taskQueue: 'oncall-email', maxConcurrentActivityTaskExecutions: 64 },
      { taskQueue: 'oncall-chat', maxConcurrentActivityTaskExecutions: 64 },
    ]);
  });
});
