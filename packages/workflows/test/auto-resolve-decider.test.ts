import { describe, expect, it } from 'vitest';
import {
  type AutoResolveCommand,
  type AutoResolveEvent,
  type AutoResolveState,
  decideAutoResolve,
  initialAutoResolveState,
} from '../src/index';

const MINUTE = 60_000;
const T0 = Date.UTC(2025, 0, 1);
const subject = { ruleId: 'rule_1', instance: 'db-1' };
const armed: AutoResolveEvent = { type: 'armed', autoResolveMinutes: 10, firedAt: T0 };
const resolveAfter = (lastFiredAt: number): AutoResolveCommand => ({
  type: 'resolveInstance',
  ruleId: 'rule_1',
  instance: 'db-1',
  description: 'Alert resolved automatically',
  lastFiredAt,
});

function run(events: AutoResolveEvent[]): { state: AutoResolveState; commands: AutoResolveCommand[] } {
  const commands: AutoResolveCommand[] = [];
  let state = initialAutoResolveState(subject);
  for (const event of events) {
    const decision = decideAutoResolve(state, event);
    state = decision.state;
    commands.push(...decision.commands);
  }
  return { state, commands };
}

describe('decideAutoResolve', () => {
  it('waits until autoResolveMinutes after the fire', () => {
    expect(run([armed]).commands).toEqual([{ type: 'wait', untilMs: T0 + 10 * MINUTE }]);
  });

  it('resolves the instance when the deadline has passed', () => {
    const { state, commands } = run([armed, { type: 'timerFired', now: T0 + 10 * MINUTE }]);
    expect(commands.slice(1)).toEqual([resolveAfter(T0), { type: 'finish', outcome: 'autoResolved' }]);
    expect(state).toEqual({ phase: 'finished', ...subject, outcome: 'autoResolved' });
  });

  it('moves the deadline when the instance fires again', () => {
    const { commands } = run([armed, { type: 'firedAgain', firedAt: T0 + 4 * MINUTE }]);
    expect(commands.at(-1)).toEqual({ type: 'wait', untilMs: T0 + 14 * MINUTE });
  });

  it('does not resolve on a stale timer that fires after a re-arm; it waits for the new deadline', () => {
    const { state, commands } = run([
      armed,
      { type: 'firedAgain', firedAt: T0 + 4 * MINUTE },
      { type: 'timerFired', now: T0 + 10 * MINUTE },
    ]);
    expect(commands.map((command) => command.type)).not.toContain('resolveInstance');
    expect(commands.at(-1)).toEqual({ type: 'wait', untilMs: T0 + 14 * MINUTE });
    expect(state.phase).toBe('armed');
  });

  it('resolves once the new deadline passes', () => {
    const { commands } = run([
      armed,
      { type: 'firedAgain', firedAt: T0 + 4 * MINUTE },
      { type: 'timerFired', now: T0 + 10 * MINUTE },
      { type: 'timerFired', now: T0 + 14 * MINUTE + 5 },
    ]);
    // The resolve names the fire that set the deadline, so a fire after it keeps the instance firing.
    expect(commands.slice(-2)).toEqual([
      resolveAfter(T0 + 4 * MINUTE),
      { type: 'finish', outcome: 'autoResolved' },
    ]);
  });

  it('ignores a fire reported late that would shorten the deadline', () => {
    const decision = decideAutoResolve(run([armed]).state, { type: 'firedAgain', firedAt: T0 - MINUTE });
    expect(decision.commands).toEqual([]);
  });

  it('cancels when the instance is resolved another way, and ignores the timer afterwards', () => {
    const { state, commands } = run([
      armed,
      { type: 'resolved' },
      { type: 'timerFired', now: T0 + 11 * MINUTE },
    ]);
    expect(commands.slice(1)).toEqual([{ type: 'finish', outcome: 'cancelled' }]);
    expect(state).toEqual({ phase: 'finished', ...subject, outcome: 'cancelled' });
  });
});

describe('decideAutoResolve: every event in every phase', () => {
  const phases: Record<string, AutoResolveState> = {
    idle: initialAutoResolveState(subject),
    armed: run([armed]).state,
    finished: run([armed, { type: 'resolved' }]).state,
  };
  const events: Record<string, AutoResolveEvent> = {
    armed,
    firedAgain: { type: 'firedAgain', firedAt: T0 + MINUTE },
    resolved: { type: 'resolved' },
    dueTimer: { type: 'timerFired', now: T0 + 10 * MINUTE },
    staleTimer: { type: 'timerFired', now: T0 + 9 * MINUTE },
  };
  const expected: Record<string, Record<string, string[]>> = {
    idle: { armed: ['wait'], firedAgain: [], resolved: ['finish'], dueTimer: [], staleTimer: [] },
    armed: {
      armed: [],
      firedAgain: ['wait'],
      resolved: ['finish'],
      dueTimer: ['resolveInstance', 'finish'],
      staleTimer: ['wait'],
    },
    finished: { armed: [], firedAgain: [], resolved: [], dueTimer: [], staleTimer: [] },
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
    const decision = decideAutoResolve(state, event);
    expect(decision.commands.map((command) => command.type)).toEqual(types);
    if (decision.commands.length === 0) expect(decision.state).toBe(state);
  });
});
