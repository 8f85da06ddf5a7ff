import { describe, expect, it } from 'vitest';
import {
  decideFlow,
  type FlowCommand,
  type FlowEvent,
  type FlowState,
  type FlowStep,
  initialFlowState,
  stepDurationMs,
} from '../src/index';

const escalation: FlowStep[] = [
  { type: 'endpoint', endpointIds: ['ep_oncall'] },
  { type: 'wait', duration: 5, timeUnit: 'm' },
  { type: 'endpoint', endpointIds: ['ep_lead', 'ep_chat'] },
];

function run(state: FlowState, events: FlowEvent[]): { state: FlowState; commands: FlowCommand[] } {
  const commands: FlowCommand[] = [];
  let current = state;
  for (const event of events) {
    const decision = decideFlow(current, event);
    current = decision.state;
    commands.push(...decision.commands);
  }
  return { state: current, commands };
}

const dispatched = (stepIndex: number): FlowEvent => ({ type: 'notificationsDispatched', stepIndex });
const timer = (timerId: string): FlowEvent => ({ type: 'timerFired', timerId });

describe('decideFlow', () => {
  it('escalates through two endpoint steps with a wait between, then completes', () => {
    const { state, commands } = run(initialFlowState(escalation), [
      { type: 'started' },
      dispatched(0),
      timer('step:1'),
      dispatched(2),
    ]);
    expect(commands).toEqual([
      { type: 'notify', endpointIds: ['ep_oncall'], stepIndex: 0 },
      { type: 'wait', ms: 300_000, timerId: 'step:1' },
      { type: 'notify', endpointIds: ['ep_lead', 'ep_chat'], stepIndex: 2 },
      { type: 'finish', outcome: 'completed' },
    ]);
    expect(state.outcome).toBe('completed');
  });

  it('stops when acknowledged during a wait and ignores the timer that fires later', () => {
    const { state, commands } = run(initialFlowState(escalation), [
      { type: 'started' },
      dispatched(0),
      { type: 'acknowledged' },
      timer('step:1'),
      { type: 'resolved' },
    ]);
    expect(commands.map((command) => command.type)).toEqual(['notify', 'wait', 'finish']);
    expect(commands.at(-1)).toEqual({ type: 'finish', outcome: 'acknowledged' });
    expect(state.outcome).toBe('acknowledged');
  });

  it('stops when resolved while a step is being dispatched', () => {
    const { commands } = run(initialFlowState(escalation), [
      { type: 'started' },
      { type: 'resolved' },
      dispatched(0),
    ]);
    expect(commands).toEqual([
      { type: 'notify', endpointIds: ['ep_oncall'], stepIndex: 0 },
      { type: 'finish', outcome: 'resolved' },
    ]);
  });

  it('runs consecutive waits and ignores a duplicate timer instead of skipping the next wait', () => {
    const steps: FlowStep[] = [
      { type: 'wait', duration: 30, timeUnit: 's' },
      { type: 'wait', duration: 1, timeUnit: 'h' },
      { type: 'endpoint', endpointIds: ['ep_oncall'] },
    ];
    const { commands } = run(initialFlowState(steps), [
      { type: 'started' },
      timer('step:0'),
      timer('step:0'),
    ]);
    expect(commands).toEqual([
      { type: 'wait', ms: 30_000, timerId: 'step:0' },
      { type: 'wait', ms: 3_600_000, timerId: 'step:1' },
    ]);
  });

  it('notifies an endpoint listed twice in a step once', () => {
    const steps: FlowStep[] = [{ type: 'endpoint', endpointIds: ['ep_a', 'ep_b', 'ep_a'] }];
    expect(decideFlow(initialFlowState(steps), { type: 'started' }).commands).toEqual([
      { type: 'notify', endpointIds: ['ep_a', 'ep_b'], stepIndex: 0 },
    ]);
  });

  it('completes at once when there are no steps', () => {
    expect(decideFlow(initialFlowState([]), { type: 'started' }).commands).toEqual([
      { type: 'finish', outcome: 'completed' },
    ]);
  });

  it('completes after a trailing wait', () => {
    const steps: FlowStep[] = [{ type: 'wait', duration: 0, timeUnit: 's' }];
    const { commands } = run(initialFlowState(steps), [{ type: 'started' }, timer('step:0')]);
    expect(commands).toEqual([
      { type: 'wait', ms: 0, timerId: 'step:0' },
      { type: 'finish', outcome: 'completed' },
    ]);
  });
});

describe('decideFlow: every event in every phase', () => {
  const phases: Record<string, FlowState> = {
    idle: initialFlowState(escalation),
    notifying: run(initialFlowState(escalation), [{ type: 'started' }]).state,
    waiting: run(initialFlowState(escalation), [{ type: 'started' }, dispatched(0)]).state,
    finished: run(initialFlowState(escalation), [{ type: 'started' }, { type: 'resolved' }]).state,
  };
  const events: Record<string, FlowEvent> = {
    started: { type: 'started' },
    dispatched: dispatched(0),
    staleDispatched: dispatched(2),
    timer: timer('step:1'),
    staleTimer: timer('step:0'),
    acknowledged: { type: 'acknowledged' },
    resolved: { type: 'resolved' },
  };
  const expected: Record<string, Record<string, string[]>> = {
    idle: {
      started: ['notify'],
      dispatched: [],
      staleDispatched: [],
      timer: [],
      staleTimer: [],
      acknowledged: ['finish'],
      resolved: ['finish'],
    },
    notifying: {
      started: [],
      dispatched: ['wait'],
      staleDispatched: [],
      timer: [],
      staleTimer: [],
      acknowledged: ['finish'],
      resolved: ['finish'],
    },
    waiting: {
      started: [],
      dispatched: [],
      staleDispatched: [],
      timer: ['notify'],
      staleTimer: [],
      acknowledged: ['finish'],
      resolved: ['finish'],
    },
    finished: {
      started: [],
      dispatched: [],
      staleDispatched: [],
      timer: [],
      staleTimer: [],
      acknowledged: [],
      resolved: [],
    },
  };
  const cases = Object.entries(phases).flatMap(([phase, state]) =>
    Object.entries(events).map(([name, event]) => ({
      phase,
      name,
      state,
      event,
      types: expected[phase]?.[name],
    })),
  );

  it.each(cases)('$phase + $name → $types', ({ state, event, types }) => {
    const decision = decideFlow(state, event);
    expect(decision.commands.map((command) => command.type)).toEqual(types);
    if (decision.commands.length === 0) expect(decision.state).toBe(state);
  });

  it.each([
    { event: { type: 'acknowledged' } as const, outcome: 'acknowledged' },
    { event: { type: 'resolved' } as const, outcome: 'resolved' },
  ])('finishes $outcome from any running phase', ({ event, outcome }) => {
    for (const phase of ['idle', 'notifying', 'waiting']) {
      expect(decideFlow(phases[phase] ?? initialFlowState([]), event).commands).toEqual([
        { type: 'finish', outcome },
      ]);
    }
  });
});

describe('stepDurationMs', () => {
  it.each([
    { duration: 45, timeUnit: 's', expected: 45_000 },
    { duration: 5, timeUnit: 'm', expected: 300_000 },
    { duration: 2, timeUnit: 'h', expected: 7_200_000 },
    { duration: 0, timeUnit: 'm', expected: 0 },
  ] as const)('$duration$timeUnit is $expected ms', ({ duration, timeUnit, expected }) => {
    expect(stepDurationMs({ type: 'wait', duration, timeUnit })).toBe(expected);
  });
});

describe('decideFlow with people steps', () => {
  const primary: FlowStep = { type: 'schedule', scheduleId: 'sch_primary' };
  const secondary: FlowStep = { type: 'schedule', scheduleId: 'sch_secondary', ifNobodyOnCall: 'teamAdmins' };
  const steps: FlowStep[] = [
    primary,
    { type: 'wait', duration: 5, timeUnit: 'm' },
    { type: 'wait', duration: 1, timeUnit: 'm' },
    secondary,
    { type: 'wait', duration: 5, timeUnit: 'm' },
    { type: 'user', userId: 'usr_lead' },
  ];
  const paged = (stepIndex: number, count: number): FlowEvent => ({
    type: 'peoplePaged',
    stepIndex,
    paged: count,
  });

  it('asks the driver to page a step, then waits as for an endpoint step', () => {
    const { commands } = run(initialFlowState(steps), [{ type: 'started' }, paged(0, 2)]);
    expect(commands).toEqual([
      { type: 'page', step: primary, stepIndex: 0 },
      { type: 'wait', ms: 300_000, timerId: 'step:1' },
    ]);
  });

  it('goes on to the next paging step at once when a step paged nobody, skipping the waits after it', () => {
    const { commands } = run(initialFlowState(steps), [{ type: 'started' }, paged(0, 0), paged(3, 0)]);
    expect(commands).toEqual([
      { type: 'page', step: primary, stepIndex: 0 },
      { type: 'page', step: secondary, stepIndex: 3 },
      { type: 'page', step: { type: 'user', userId: 'usr_lead' }, stepIndex: 5 },
    ]);
  });

  it('ignores a duplicate or stale report of a people step', () => {
    const started = run(initialFlowState(steps), [{ type: 'started' }, paged(0, 1)]);
    expect(decideFlow(started.state, paged(0, 1)).commands).toEqual([]);
    expect(decideFlow(started.state, paged(3, 0)).commands).toEqual([]);
  });

  it('completes after a last people step that paged nobody', () => {
    const { state } = run(initialFlowState([{ type: 'team', teamId: 'team_1' }]), [
      { type: 'started' },
      paged(0, 0),
    ]);
    expect(state).toMatchObject({ phase: 'finished', outcome: 'completed' });
  });
});
