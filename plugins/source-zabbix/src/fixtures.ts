import type { SourceFixture } from '@oncall/plugin-sdk';
import problem from '../fixtures/problem.json' with { type: 'json' };
import problemNumbers from '../fixtures/problem-numbers.json' with { type: 'json' };
import recovery from '../fixtures/recovery.json' with { type: 'json' };
import recoveryOk from '../fixtures/recovery-ok.json' with { type: 'json' };

/**
 * Bodies the recommended media type posts (strings, tags parsed), and one a hand-written sender
 * posts (numbers, tags as JSON text, a zoned time, status OK).
 */
export const fixtures: readonly SourceFixture[] = [
  { name: 'problem', payload: problem, expectedStatuses: ['firing'] },
  { name: 'recovery', payload: recovery, expectedStatuses: ['resolved'] },
  { name: 'problem with numeric fields', payload: problemNumbers, expectedStatuses: ['firing'] },
  { name: 'recovery with status OK', payload: recoveryOk, expectedStatuses: ['resolved'] },
];
