import { DEFAULT_UNREACHABLE_THRESHOLD, unreachableThreshold } from '@oncall/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { memoryOf } from '../../src/scheduled-checks/evaluation-plan';
import {
  type FailingRuns,
  planSourceHealth,
  SOURCE_UNREACHABLE_FINGERPRINT,
} from '../../src/scheduled-checks/source-unreachable';

const MINUTE = 60_000;

/** Runs a sequence of outcomes (an error text, or null for a run that answered) every `everyMs`. */
function runs(
  outcomes: readonly (string | null)[],
  everyMs: number,
  threshold = DEFAULT_UNREACHABLE_THRESHOLD,
) {
  let previous: FailingRuns | null = null;
  return outcomes.map((error, i) => {
    const plan = planSourceHealth({ now: i * everyMs, error, previous, threshold });
    previous = plan.failing;
    return plan.signal ? `${plan.signal.kind}@${i}` : '-';
  });
}

describe('a rule whose source stops answering', () => {
  it('opens once both the run count and the time since the first failure reach the threshold', () => {
    // One-minute rule: the third failed run is two minutes after the first.
    expect(runs(['down', 'down', 'down', 'down'], MINUTE)).toEqual(['-', '-', 'fired@2', '-']);
    // Ten-second rule: three runs come early; it opens at the run two minutes after the first.
    const tenSeconds = runs(Array(14).fill('down'), 10_000);
    expect(tenSeconds.indexOf('fired@12')).toBe(12);
    expect(tenSeconds.filter((s) => s !== '-')).toEqual(['fired@12']);
  });

  it('starts over after a run that answers, and resolves only what it opened', () => {
    expect(runs(['down', 'down', null, 'down', 'down', 'down', null, null], MINUTE)).toEqual([
      '-',
      '-',
      '-',
      '-',
      '-',
      'fired@5',
      'resolved@6',
      '-',
    ]);
  });

  it('fires the synthetic instance, critical, naming the error', () => {
    const plan = planSourceHealth({
      now: 3 * MINUTE,
      error: '"prom": Could not connect',
      previous: { since: 0, runs: 2, open: false },
      threshold: { runs: 3, afterMs: 2 * MINUTE },
    });
    expect(plan.signal).toMatchObject({
      fingerprint: SOURCE_UNREACHABLE_FINGERPRINT,
      alertname: 'Source unreachable',
      state: 'critical',
      kind: 'fired',
    });
    expect(plan.signal?.description).toContain('Could not connect');
    expect(plan.failing).toEqual({ since: 0, runs: 3, open: true });
  });

  it('reads the threshold from the query object, defaults for what is missing, and keeps it in memory', () => {
    expect(unreachableThreshold({ unreachableAfterRuns: 5, unreachableAfter: '30s' })).toEqual({
      runs: 5,
      afterMs: 30_000,
    });
    expect(unreachableThreshold({ unreachableAfter: 0 })).toEqual({ runs: 3, afterMs: 0 });
    expect(unreachableThreshold(null)).toEqual({ runs: 3, afterMs: 120_000 });
    expect(memoryOf({ pending: {}, seen: {}, failing: { since: 5, runs: 2, open: true } }).failing).toEqual({
      since: 5,
      runs: 2,
      open: true,
    });
    expect(memoryOf({ pending: {}, seen: {}, failing: 'odd' }).failing).toBeUndefined();
  });
});
