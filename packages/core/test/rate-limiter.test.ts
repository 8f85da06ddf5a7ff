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

  it('counts only the hits still inside the window when thousands have come and gone', () => {
    const { clock, advance } = clockAt();
    const limiter = new SlidingWindowLimiter(5_000, 60_000, clock);
    for (let i = 0; i < 12_000; i++) {
      limiter.hit('busy');
      advance(10);
    }
    // 120 s of hits, one every 10 ms: about 6,000 of them in the last 60 s, over the limit.
    expect(limiter.check('busy').allowed).toBe(false);
    advance(9_990);
    // Exactly 5,000 are younger than 60 s now: at the limit.
    expect(limiter.check('busy').allowed).toBe(false);
    advance(10);
    expect(limiter.check('busy')).toEqual({ allowed: true, retryAfterMs: 0 });
    advance(60_000);
    limiter.hit('busy');
    expect(limiter.check('busy').allowed).toBe(true);
  });
});
