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

  const names = {
    schedules: new Map([['sch-1', 'Primary']]),
    users: new Map([['usr-1', 'Alice']]),
    teams: new Map([['team-1', 'Database']]),
  };

  it('says what they page, by name', () => {
    expect(describePeopleStep({ type: 'schedule', scheduleId: 'sch-1' }, names)).toBe(
      'Pages whoever is on call in Primary; nobody on call: the next step at once. Default urgency.',
    );
    expect(
      describePeopleStep({ type: 'schedule', scheduleId: 'sch-1', ifNobodyOnCall: 'teamAdmins' }, names),
    ).toBe("Pages whoever is on call in Primary; nobody on call: the team's admins. Default urgency.");
    expect(describePeopleStep({ type: 'team', teamId: 'team-1' }, names)).toBe(
      'Pages everyone in Database on their own endpoints. Default urgency.',
    );
    expect(describePeopleStep({ type: 'user', userId: 'usr-1' }, names)).toBe(
      'Pages Alice on their own endpoints. Default urgency.',
    );
  });

  it('says when nothing is picked yet, or the target is out of the user’s sight', () => {
    expect(describePeopleStep({ type: 'user', userId: '' }, names)).toBe(
      'Pages no user yet on their own endpoints. Default urgency.',
    );
    expect(describePeopleStep({ type: 'team', teamId: 'team-9' }, names)).toBe(
      'Pages everyone in a team you cannot see on their own endpoints. Default urgency.',
    );
  });

  it('says which of the people’s rules run: default urgency unless the step says high', () => {
    expect(describePeopleStep({ type: 'user', userId: 'usr-1', urgency: 'high' }, names)).toBe(
      'Pages Alice on their own endpoints. High urgency.',
    );
    expect(
      describePeopleStep({ type: 'team', teamId: 'team-1', roundRobin: true, urgency: 'default' }, names),
    ).toBe('Pages one person of Database, taking turns per alert, on their own endpoints. Default urgency.');
    const stored: FlowStepInput[] = [
      { type: 'schedule', scheduleId: 'sch-1', urgency: 'high' },
      { type: 'rotation', scheduleId: 'sch-1', rotationId: 'rot-1', urgency: 'high' },
    ];
    expect(stepInputs(draftSteps(stored))).toEqual(stored);
    expect(describePeopleStep(stored[1] as FlowStepInput & { type: 'rotation' }, names)).toBe(
      'Pages the current person of one rotation in Primary; nobody on call: the next step at once. High urgency.',
    );
  });

  it('adds each kind with nothing picked, on call falling through to the next step', () => {
    expect(stepInputs([newStep('schedule'), newStep('user'), newStep('team')])).toEqual([
      { type: 'schedule', scheduleId: '', ifNobodyOnCall: 'nextStep' },
      { type: 'user', userId: '' },
      { type: 'team', teamId: '' },
    ]);
  });
});
