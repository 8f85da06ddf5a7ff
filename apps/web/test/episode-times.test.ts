import { describe, expect, it } from 'vitest';
import { episodeTimes } from '../src/rules/episode-times';

const FIRED = '2026-03-01T03:00:00.000Z';

describe('episodeTimes', () => {
  it('counts acknowledge and resolve from the first fire', () => {
    expect(
      episodeTimes(
        {
          firedAt: FIRED,
          acknowledgedAt: '2026-03-01T03:04:30.000Z',
          resolvedAt: '2026-03-01T05:10:00.000Z',
        },
        new Date('2026-03-02T00:00:00.000Z'),
      ),
    ).toEqual({ acknowledge: '4 m 30 s', resolve: '2 h 10 m' });
  });

  it('says an episode that resolved on its own was never acknowledged', () => {
    expect(
      episodeTimes(
        { firedAt: FIRED, acknowledgedAt: null, resolvedAt: '2026-03-01T03:00:45.000Z' },
        new Date('2026-03-02T00:00:00.000Z'),
      ),
    ).toEqual({ acknowledge: 'never', resolve: '45 s' });
  });

  it('says how long an open episode has waited so far', () => {
    expect(
      episodeTimes(
        { firedAt: FIRED, acknowledgedAt: null, resolvedAt: null },
        new Date('2026-03-01T03:12:00.000Z'),
      ),
    ).toEqual({ acknowledge: 'not yet (12 m so far)', resolve: 'not yet (12 m so far)' });
  });
});
