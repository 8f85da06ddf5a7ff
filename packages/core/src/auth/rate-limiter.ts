import type { Clock } from '../ports/clock';

export interface RateDecision {
  allowed: boolean;
  retryAfterMs: number;
}

/**
 * Sliding-log counter per key. In-process on purpose: login throttling must work with no other
 * service running; a multi-node deployment throttles per node, which still bounds guessing.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Would one more hit be allowed now? Does not count a hit. */
  check(key: string): RateDecision {
    const now = this.clock.now().getTime();
    const recent = this.prune(key, now);
    if (recent.length < this.limit) return { allowed: true, retryAfterMs: 0 };
    const oldest = recent[0] ?? now;
    return { allowed: false, retryAfterMs: oldest + this.windowMs - now };
  }

  hit(key: string): void {
    const now = this.clock.now().getTime();
    const recent = this.prune(key, now);
    recent.push(now);
    this.hits.set(key, recent);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(key: string, now: number): number[] {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length === 0) this.hits.delete(key);
    else this.hits.set(key, recent);
    return recent;
  }
}
