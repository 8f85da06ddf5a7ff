import { describe, expect, it } from 'vitest';
import {
  describePeopleStep,
  draftSteps,
  type FlowStepInput,
  moveStep,
  newStep,
  stepInputs,
  totalWaitSeconds,
} from '../src/endpoints/flow-steps';

describe('flow steps', () => {
  const steps = draftSteps([
    { type: 'endpoint', endpointIds: ['a'] },
    { type: 'wait', duration: 5, timeUnit: 'm' },
    { type: 'endpoint', endpointIds: ['b'] },
  ]);

  it('round-trips a repeat step, and a new one repeats the whole flow three times', () => {
    const repeating = [...steps, newStep('repeat')];
    expect(stepInputs(repeating).at(-1)).toEqual({ type: 'repeat', rounds: 3, fromStep: 0 });
    const stored = { type: 'repeat', rounds: 2, fromStep: 2 } as const;
    expect(stepInputs(draftSteps([...stepInputs(steps), stored])).at(-1)).toEqual(stored);
  });

  it('moves a step up and down, and leaves the ends where they are', () => {
    const down = moveStep(steps, 0, 1);
    expect(stepInputs(down).map((step) => step.type)).toEqual(['wait', 'endpoint', 'endpoint']);
    expect(stepInputs(moveStep(steps, 2, -1))[1]).toEqual({ type: 'endpoint', endpointIds: ['b'] });
    expect(moveStep(steps, 0, -1)).toEqual(steps);
    expect(moveStep(steps, 2, 1)).toEqual(steps);
  });

  it('keeps each step’s key through a move, so its inputs move with it', () => {
    const [first] = steps;
    expect(moveStep(steps, 0, 1)[1]?.key).toBe(first?.key);
    expect(new Set(steps.map((step) => step.key)).size).toBe(3);
  });

  it('sends the steps without their keys, and sums the waits', () => {
    expect(stepInputs([newStep('wait')])).toEqual([{ type: 'wait', duration: 5, timeUnit: 'm' }]);
    expect(totalWaitSeconds([...steps, ...draftSteps([{ type: 'wait', duration: 1, timeUnit: 'h' }])])).toBe(
      300 + 3600,
    );
  });
});

describe('people steps in the editor', () => {
  const steps: FlowStepInput[] = [
    { type: 'schedule', scheduleId: 'sch-1', ifNobodyOnCall: 'teamAdmins' },
    { type: 'wait', duration: 5, timeUnit: 'm' },
    { type: 'user', userId: 'usr-1' },
  ];

  it('keeps them as they came when the flow is saved', () => {
    expect(stepInputs(draftSteps(steps))).toEqual(steps);
  });

  it('says what they page', () => {
    expect(describePeopleStep({ type: 'schedule', scheduleId: 'sch-1' })).toBe(
      'Pages whoever is on call in schedule sch-1; nobody on call: next step.',
    );
    expect(describePeopleStep({ type: 'team', teamId: 'team-1' })).toBe(
      'Pages everyone in team team-1 on their own endpoints.',
    );
  });
});
