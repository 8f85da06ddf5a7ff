import { describe, expect, it } from 'vitest';
import {
  decideFlow,
  type FlowCommand,
  type FlowEvent,
  type FlowState,
  type FlowStep,
  initialFlowState,
  notifyWorkflowId,
} from '../src/index';

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

const untilAnswered: FlowStep[] = [
  { type: 'endpoint', endpointIds: ['ep_oncall'] },
  { type: 'wait', duration: 5, timeUnit: 'm' },
  { type: 'repeat', rounds: 2 },
];

describe('decideFlow with a repeat step', () => {
  it('pages again each round, keyed apart, then completes after the last round', () => {
    const { state, commands } = run(initialFlowState(untilAnswered), [
      { type: 'started' },
      { type: 'notificationsDispatched', stepIndex: 0 },
      { type: 'timerFired', timerId: 'step:1' },
      { type: 'notificationsDispatched', stepIndex: 0, round: 1 },
      { type: 'timerFired', timerId: 'step:1:round:1' },
      { type: 'notificationsDispatched', stepIndex: 0, round: 2 },
      { type: 'timerFired', timerId: 'step:1:round:2' },
    ]);
    expect(commands).toEqual([
      { type: 'notify', endpointIds: ['ep_oncall'], stepIndex: 0 },
      { type: 'wait', ms: 300_000, timerId: 'step:1' },
      { type: 'notify', endpointIds: ['ep_oncall'], stepIndex: 0, round: 1 },
      { type: 'wait', ms: 300_000, timerId: 'step:1:round:1' },
      { type: 'notify', endpointIds: ['ep_oncall'], stepIndex: 0, round: 2 },
      { type: 'wait', ms: 300_000, timerId: 'step:1:round:2' },
      { type: 'finish', outcome: 'completed' },
    ]);
    expect(state.round).toBe(2);
  });

  it('stops repeating when acknowledged, and a late timer of the round changes nothing', () => {
    const { state, commands } = run(initialFlowState(untilAnswered), [
      { type: 'started' },
      { type: 'notificationsDispatched', stepIndex: 0 },
      { type: 'timerFired', timerId: 'step:1' },
      { type: 'notificationsDispatched', stepIndex: 0, round: 1 },
      { type: 'acknowledged' },
      { type: 'timerFired', timerId: 'step:1:round:1' },
    ]);
    expect(commands.map((command) => command.type)).toEqual(['notify', 'wait', 'notify', 'wait', 'finish']);
    expect(state.outcome).toBe('acknowledged');
  });

  it("ignores a previous round's duplicate events instead of skipping a step", () => {
    const { commands } = run(initialFlowState(untilAnswered), [
      { type: 'started' },
      { type: 'notificationsDispatched', stepIndex: 0 },
      { type: 'timerFired', timerId: 'step:1' },
      // Redelivered from round 0 while round 1 notifies and then waits.
      { type: 'notificationsDispatched', stepIndex: 0 },
      { type: 'timerFired', timerId: 'step:1' },
    ]);
    expect(commands).toEqual([
      { type: 'notify', endpointIds: ['ep_oncall'], stepIndex: 0 },
      { type: 'wait', ms: 300_000, timerId: 'step:1' },
      { type: 'notify', endpointIds: ['ep_oncall'], stepIndex: 0, round: 1 },
    ]);
  });

  it('repeats only from fromStep: the first page is not repeated', () => {
    const steps: FlowStep[] = [
      { type: 'endpoint', endpointIds: ['ep_chat'] },
      { type: 'endpoint', endpointIds: ['ep_lead'] },
      { type: 'wait', duration: 1, timeUnit: 'm' },
      { type: 'repeat', rounds: 1, fromStep: 1 },
    ];
    const { commands } = run(initialFlowState(steps), [
      { type: 'started' },
      { type: 'notificationsDispatched', stepIndex: 0 },
      { type: 'notificationsDispatched', stepIndex: 1 },
      { type: 'timerFired', timerId: 'step:2' },
      { type: 'notificationsDispatched', stepIndex: 1, round: 1 },
      { type: 'timerFired', timerId: 'step:2:round:1' },
    ]);
    expect(commands.filter((command) => command.type === 'notify')).toEqual([
      { type: 'notify', endpointIds: ['ep_chat'], stepIndex: 0 },
      { type: 'notify', endpointIds: ['ep_lead'], stepIndex: 1 },
      { type: 'notify', endpointIds: ['ep_lead'], stepIndex: 1, round: 1 },
    ]);
    expect(commands.at(-1)).toEqual({ type: 'finish', outcome: 'completed' });
  });

  it('ends a repeat that does not go back instead of looping', () => {
    const steps: FlowStep[] = [{ type: 'repeat', rounds: 3 }];
    expect(decideFlow(initialFlowState(steps), { type: 'started' }).commands).toEqual([
      { type: 'finish', outcome: 'completed' },
    ]);
  });

  it('keys a round apart from the first and keeps the first round keys of old flows', () => {
    expect(notifyWorkflowId('evt_1', 'ep_sms', 0)).toBe('notify:evt_1:ep_sms:0');
    expect(notifyWorkflowId('evt_1', 'ep_sms', 0, 0)).toBe('notify:evt_1:ep_sms:0');
    expect(notifyWorkflowId('evt_1', 'ep_sms', 0, 2)).toBe('notify:evt_1:ep_sms:0:round:2');
  });
});

describe('decideFlow repeating a people step', () => {
  const schedule = { type: 'schedule', scheduleId: 'sch_primary' } as const;
  const pageOnCall: FlowStep[] = [
    schedule,
    { type: 'wait', duration: 5, timeUnit: 'm' },
    { type: 'repeat', rounds: 1 },
  ];

  it('pages the on-call person once per round, keyed by round, and stops on acknowledgement', () => {
    const { state, commands } = run(initialFlowState(pageOnCall), [
      { type: 'started' },
      { type: 'peoplePaged', stepIndex: 0, paged: 1 },
      { type: 'timerFired', timerId: 'step:1' },
      { type: 'peoplePaged', stepIndex: 0, round: 1, paged: 1 },
      { type: 'acknowledged' },
      { type: 'timerFired', timerId: 'step:1:round:1' },
    ]);
    expect(commands).toEqual([
      { type: 'page', step: schedule, stepIndex: 0 },
      { type: 'wait', ms: 300_000, timerId: 'step:1' },
      { type: 'page', step: schedule, stepIndex: 0, round: 1 },
      { type: 'wait', ms: 300_000, timerId: 'step:1:round:1' },
      { type: 'finish', outcome: 'acknowledged' },
    ]);
    expect(state.outcome).toBe('acknowledged');
  });

  it("ignores a previous round's duplicate peoplePaged instead of skipping the wait", () => {
    const { state, commands } = run(initialFlowState(pageOnCall), [
      { type: 'started' },
      { type: 'peoplePaged', stepIndex: 0, paged: 1 },
      { type: 'timerFired', timerId: 'step:1' },
      // Redelivered from round 0 while round 1 pages.
      { type: 'peoplePaged', stepIndex: 0, paged: 1 },
      { type: 'peoplePaged', stepIndex: 0, paged: 0 },
    ]);
    expect(commands.map((command) => command.type)).toEqual(['page', 'wait', 'page']);
    expect(state).toMatchObject({ phase: 'notifying', stepIndex: 0, round: 1 });
  });

  it('completes after the last round when nobody acknowledges', () => {
    const { state } = run(initialFlowState(pageOnCall), [
      { type: 'started' },
      { type: 'peoplePaged', stepIndex: 0, paged: 1 },
      { type: 'timerFired', timerId: 'step:1' },
      { type: 'peoplePaged', stepIndex: 0, round: 1, paged: 1 },
      { type: 'timerFired', timerId: 'step:1:round:1' },
    ]);
    expect(state).toMatchObject({ phase: 'finished', outcome: 'completed', round: 1 });
  });
});
