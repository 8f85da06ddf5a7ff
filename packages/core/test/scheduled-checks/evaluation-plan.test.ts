import type { SourceAlert } from '@oncall/plugin-sdk';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_MEMORY,
  type EvaluationMemory,
  memoryOf,
  NO_LONGER_RETURNED,
  planEvaluation,
  type SourceAnswer,
} from '../../src/scheduled-checks/evaluation-plan';

const alert = (instance: string): SourceAlert => ({
  name: 'Hosts down',
  status: 'firing',
  instance,
  labels: { instance },
  annotations: {},
  details: {},
});
const ok = (sourceId: string, ...instances: string[]): SourceAnswer => ({
  sourceId,
  ok: true,
  firing: instances.map(alert),
});
const failed = (sourceId: string): SourceAnswer => ({ sourceId, ok: false, reason: 'HTTP 503' });

/** Runs the planner over a sequence of runs, carrying memory and what is firing as the host would. */
function simulate(
  runs: { at: number; answers: SourceAnswer[] }[],
  timing: { forMs?: number; keepFiringForMs?: number } = {},
) {
  let memory: EvaluationMemory = EMPTY_MEMORY;
  const firing = new Map<string, string>();
  const log: string[] = [];
  for (const run of runs) {
    const plan = planEvaluation({
      now: run.at,
      forMs: timing.forMs ?? 0,
      keepFiringForMs: timing.keepFiringForMs ?? 0,
      memory: memoryOf(JSON.parse(JSON.stringify(memory))),
      answers: run.answers,
      firing: [...firing].map(([fingerprint, instance]) => ({
        fingerprint,
        alertname: 'Hosts down',
        instance,
      })),
    });
    for (const signal of plan.signals) {
      log.push(`${run.at}:${signal.kind}:${signal.instance}`);
      if (signal.kind === 'fired') firing.set(signal.fingerprint, signal.instance);
      else firing.delete(signal.fingerprint);
    }
    memory = plan.memory;
  }
  return log;
}

describe('planEvaluation', () => {
  it('fires each instance once and resolves it when no longer returned', () => {
    expect(
      simulate([
        { at: 0, answers: [ok('s1', 'a', 'b')] },
        { at: 10, answers: [ok('s1', 'a', 'b')] },
        { at: 20, answers: [ok('s1', 'b')] },
      ]),
    ).toEqual(['0:fired:a', '0:fired:b', '20:resolved:a']);
  });

  it('keys instances by data source: the same series from two sources is two instances', () => {
    expect(simulate([{ at: 0, answers: [ok('s1', 'a'), ok('s2', 'a')] }])).toEqual([
      '0:fired:a',
      '0:fired:a',
    ]);
  });

  it('holds an instance for `for` over consecutive runs, and starts over when a run misses it', () => {
    expect(
      simulate(
        [
          { at: 0, answers: [ok('s1', 'a', 'b')] },
          { at: 10, answers: [ok('s1', 'a')] },
          { at: 20, answers: [ok('s1', 'a', 'b')] },
          { at: 30, answers: [ok('s1', 'a', 'b')] },
          { at: 50, answers: [ok('s1', 'a', 'b')] },
        ],
        { forMs: 30 },
      ),
    ).toEqual(['30:fired:a', '50:fired:b']);
  });

  it('keeps a missed instance firing for `keepFiringFor` from the first run that missed it', () => {
    expect(
      simulate(
        [
          { at: 0, answers: [ok('s1', 'a')] },
          { at: 10, answers: [ok('s1')] },
          { at: 20, answers: [ok('s1')] },
          { at: 30, answers: [ok('s1')] },
        ],
        { keepFiringForMs: 20 },
      ),
    ).toEqual(['0:fired:a', '30:resolved:a']);
    // Returned again in between: the count starts over.
    expect(
      simulate(
        [
          { at: 0, answers: [ok('s1', 'a')] },
          { at: 10, answers: [ok('s1')] },
          { at: 20, answers: [ok('s1', 'a')] },
          { at: 30, answers: [ok('s1')] },
          { at: 40, answers: [ok('s1')] },
          { at: 50, answers: [ok('s1')] },
        ],
        { keepFiringForMs: 20 },
      ),
    ).toEqual(['0:fired:a', '50:resolved:a']);
  });

  it("resolves nothing of a source that failed, and goes on with the others' answers", () => {
    expect(
      simulate([
        { at: 0, answers: [ok('s1', 'a'), ok('s2', 'b')] },
        { at: 10, answers: [failed('s1'), ok('s2')] },
        { at: 20, answers: [failed('s1'), ok('s2', 'c')] },
        { at: 30, answers: [ok('s1'), ok('s2', 'c')] },
      ]),
    ).toEqual(['0:fired:a', '0:fired:b', '10:resolved:b', '20:fired:c', '30:resolved:a']);
  });

  it('says why an instance resolved', () => {
    const plan = planEvaluation({
      now: 5,
      forMs: 0,
      keepFiringForMs: 0,
      memory: EMPTY_MEMORY,
      answers: [ok('s1')],
      firing: [{ fingerprint: 'x', alertname: 'Hosts down', instance: 'a' }],
    });
    expect(plan.signals).toEqual([
      expect.objectContaining({ kind: 'resolved', state: 'resolved', description: NO_LONGER_RETURNED }),
    ]);
  });

  it('reads stored memory defensively', () => {
    expect(memoryOf(null)).toEqual(EMPTY_MEMORY);
    expect(
      memoryOf({ pending: { a: 'x', b: 3 }, seen: { c: { at: 1 }, d: { at: 2, source: 's' } } }),
    ).toEqual({
      pending: { b: 3 },
      seen: { d: { at: 2, source: 's' } },
    });
  });
});
