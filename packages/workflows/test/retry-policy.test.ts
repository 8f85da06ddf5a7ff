import { describe, expect, it } from 'vitest';
import { backoffDelayMs, type RetryPolicy } from '../src/index';

const full: RetryPolicy = {
  baseDelayMs: 1000,
  factor: 2,
  maxDelayMs: 10_000,
  maxAttemptsPerProvider: 9,
  jitter: 'full',
};
const decorrelated: RetryPolicy = { ...full, factor: 3, jitter: 'decorrelated' };

describe('backoffDelayMs', () => {
  it.each([
    { failures: 1, jitter: 0.5, expected: 500 },
    { failures: 2, jitter: 0.5, expected: 1000 },
    { failures: 3, jitter: 0.5, expected: 2000 },
    { failures: 4, jitter: 0.999, expected: 7992 },
    { failures: 5, jitter: 0.5, expected: 5000 }, // ceiling 16000 capped at 10000
    { failures: 9, jitter: 1, expected: 10_000 },
    { failures: 3, jitter: 0, expected: 0 },
    { failures: 1, jitter: 0.3333, expected: 333 }, // whole milliseconds
  ])(
    'full jitter: failure $failures with jitter $jitter waits $expected ms',
    ({ failures, jitter, expected }) => {
      expect(backoffDelayMs(full, failures, 0, jitter)).toBe(expected);
    },
  );

  it.each([
    { previous: 1000, jitter: 0, expected: 1000 }, // lower bound is the base
    { previous: 1000, jitter: 1, expected: 3000 }, // upper bound is factor × previous
    { previous: 1000, jitter: 0.5, expected: 2000 },
    { previous: 3000, jitter: 0.5, expected: 5000 },
    { previous: 9000, jitter: 0.5, expected: 10_000 }, // capped
    { previous: 0, jitter: 0.5, expected: 1000 }, // never below the base
  ])(
    'decorrelated jitter: after $previous ms with jitter $jitter waits $expected ms',
    ({ previous, jitter, expected }) => {
      expect(backoffDelayMs(decorrelated, 2, previous, jitter)).toBe(expected);
    },
  );

  it.each([
    { jitter: -3, expected: 0 },
    { jitter: 7, expected: 4000 },
  ])('clamps an out-of-range jitter of $jitter', ({ jitter, expected }) => {
    expect(backoffDelayMs(full, 3, 0, jitter)).toBe(expected);
  });
});
