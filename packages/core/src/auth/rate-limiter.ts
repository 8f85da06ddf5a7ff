import { LRUCache } from 'lru-cache';
import type { Clock } from '../ports/clock';

export interface RateDecision {
  allowed: boolean;
  retryAfterMs: number;
}

/** One key's hits, oldest first; those before `head` have left the window. */
interface HitLog {
  times: number[];
  head: number;
}

/** Keys one limiter tracks at most unless told otherwise. */
export const DEFAULT_MAX_TRACKED_KEYS = 100_000;

/**
 * Sliding-log counter per key, in process: each replica counts on its own (README, "Several
 * replicas"). Hits arrive in time order, so expiring them is a walk from the oldest and each request
 * costs what expired since the last one, not the whole log: an ingestion limit of thousands a minute
 * stays cheap.
 *
 * The keys live in an LRU with a hard cap: callers can mint keys (usernames, addresses), and the
 * map must not grow with them. Evicting the key touched longest ago forgets the client that has been
 * quiet longest; a key being throttled is touched on every attempt, so flushing it takes more distinct
 * keys in between than the cap.
 */
export class SlidingWindowLimiter {
  private readonly logs: LRUCache<string, HitLog>;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
    maxKeys: number = DEFAULT_MAX_TRACKED_KEYS,
  ) {
    this.logs = new LRUCache({ max: maxKeys });
  }

  /** Keys tracked now, never more than the cap. */
  get size(): number {
    return this.logs.size;
  }

  /** Would one more hit be allowed now? Does not count a hit. */
  check(key: string): RateDecision {
    const now = this.clock.now().getTime();
    const log = this.expire(key, now);
    const count = log ? log.times.length - log.head : 0;
    if (count < this.limit) return { allowed: true, retryAfterMs: 0 };
    const oldest = log?.times[log.head] ?? now;
    return { allowed: false, retryAfterMs: oldest + this.windowMs - now };
  }

  hit(key: string): void {
    const now = this.clock.now().getTime();
    const log = this.expire(key, now) ?? { times: [], head: 0 };
    log.times.push(now);
    this.logs.set(key, log);
  }

  reset(key: string): void {
    this.logs.delete(key);
  }

  private expire(key: string, now: number): HitLog | undefined {
    const log = this.logs.get(key);
    if (!log) return undefined;
    const cutoff = now - this.windowMs;
    while (log.head < log.times.length && (log.times[log.head] ?? now) <= cutoff) log.head++;
    if (log.head === log.times.length) {
      this.logs.delete(key);
      return undefined;
    }
    // Drop the expired prefix once it is most of the array, so memory follows the window's hits.
    if (log.head > 1024 && log.head * 2 > log.times.length) {
      log.times = log.times.slice(log.head);
      log.head = 0;
    }
    return log;
  }
}
