import type { FlowStep } from './types';

const MS_PER_UNIT = { s: 1_000, m: 60_000, h: 3_600_000 } as const;

/**
 * Length of a wait step in milliseconds.
 *
 * @example
 * stepDurationMs({ type: 'wait', duration: 5, timeUnit: 'm' }); // 300000
 */
export function stepDurationMs(step: Extract<FlowStep, { type: 'wait' }>): number {
  return step.duration * MS_PER_UNIT[step.timeUnit];
}
