import { describe, expect, it } from 'vitest';
import { nextEscalation } from '../../src/alert-lifecycle/escalation-schedule';
import { type PageAttempt, pageStatuses } from '../../src/alert-lifecycle/page-status';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 3, 0, s));
const attempt = (
  delivery: string,
  providerConfigId: string,
  outcome: PageAttempt['outcome'],
  s: number,
): PageAttempt => ({
  delivery,
  endpointId: delivery,
  endpointName: delivery,
  channel: 'sms',
  providerConfigId,
  outcome,
  createdAt: at(s),
});

describe('pageStatuses', () => {
  it('tells delivered, fell back, failed and still trying apart, one per delivery in start order', () => {
    const statuses = pageStatuses([
      attempt('a', 'main', 'delivered', 1),
      attempt('b', 'main', 'permanent', 2),
      attempt('c', 'main', 'transient', 3),
      attempt('d', 'main', 'permanent', 4),
      attempt('b', 'spare', 'delivered', 5),
      attempt('d', 'spare', 'permanent', 6),
    ]);
    expect(statuses.map((s) => [s.id, s.status, s.attempts])).toEqual([
      ['a', 'delivered', 1],
      ['b', 'fellBack', 2],
      ['c', 'retrying', 1],
      ['d', 'failed', 2],
    ]);
    expect(statuses[1]?.at).toBe(at(5).toISOString());
  });
});

describe('nextEscalation', () => {
  const flow = {
    id: 'f',
    name: 'night',
    steps: [
      { type: 'endpoint' as const, endpointIds: ['x'] },
      { type: 'wait' as const, duration: 30, timeUnit: 's' as const },
      { type: 'endpoint' as const, endpointIds: ['y', 'y', 'z'] },
      { type: 'wait' as const, duration: 1, timeUnit: 'm' as const },
      { type: 'endpoint' as const, endpointIds: ['w'] },
    ],
  };
  it('is the soonest endpoint step ahead over every start, and null once all have run', () => {
    expect(nextEscalation([at(0)], [flow], at(10))).toMatchObject({
      at: at(30).toISOString(),
      stepIndex: 2,
      endpoints: 2,
    });
    expect(nextEscalation([at(0)], [flow], at(40))).toMatchObject({ at: at(90).toISOString(), stepIndex: 4 });
    // A refire at 45 s restarts the flow: its step 2 at 75 s comes before the first run's step 4.
    expect(nextEscalation([at(0), at(45)], [flow], at(50))).toMatchObject({
      at: at(75).toISOString(),
      stepIndex: 2,
    });
    expect(nextEscalation([at(0)], [flow], at(90))).toBeNull();
    expect(nextEscalation([at(0)], [], at(1))).toBeNull();
  });
  it('counts the rounds of a repeat step: its range runs again after the last wait', () => {
    const repeating = {
      id: 'r',
      name: 'until answered',
      steps: [
        { type: 'endpoint' as const, endpointIds: ['x'] },
        { type: 'wait' as const, duration: 30, timeUnit: 's' as const },
        { type: 'repeat' as const, rounds: 2 },
      ],
    };
    expect(nextEscalation([at(0)], [repeating], at(10))).toMatchObject({
      at: at(30).toISOString(),
      stepIndex: 0,
    });
    expect(nextEscalation([at(0)], [repeating], at(30))).toMatchObject({
      at: at(60).toISOString(),
      stepIndex: 0,
    });
    // Two rounds after the first run: nothing is left after 60 s.
    expect(nextEscalation([at(0)], [repeating], at(60))).toBeNull();
  });
});
