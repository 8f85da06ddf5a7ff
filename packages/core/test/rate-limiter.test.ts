import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../src/auth/rate-limiter';

describe('SlidingWindowLimiter', () => {
  const clockAt = () => {
    let now = 1_000_000;
    return { clock: { now: () => new Date(now) }, advance: (ms: number) => (now += ms) };
  };

  it('allows up to the limit within the window, then says how long to wait', () => {
    const { clock, advance } = clockAt();
    const limiter = new SlidingWindowLimiter(3, 60_000, clock);
    for (let i = 0; i < 3; i++) {
      expect(limiter.check('k').allowed).toBe(true);
      limiter.hit('k');
      advance(10_000);
    }
    expect(limiter.check('k')).toEqual({ allowed: false, retryAfterMs: 30_000 });
    expect(limiter.check('other').allowed).toBe(true);
    advance(30_001);
    expect(limiter.check('k').allowed).toBe(true);
  });

  it('forgets a key on reset', () => {
    const { clock } = clockAt();
    const limiter = new SlidingWindowLimiter(1, 60_000, clock);
    limiter.hit('k');
    expect(limiter.check('k').allowed).toBe(false);
    limiter.reset('k');
    expect(limiter.check('k').allowed).toBe(true);
  });
});
