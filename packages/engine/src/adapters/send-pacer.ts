/** One limit a send is paced by: at most `count` sends of this key in any `windowMs`. */
export interface PaceLimit {
  /** Names the limit in messages (`chat`, `webhook`); never part of what is logged beyond that. */
  readonly per: string;
  /** Channel, limit and the plugin's key together; it may hold secrets and stays in memory. */
  readonly key: string;
  readonly count: number;
  readonly windowMs: number;
}

/** The send may go after `waitMs` (0: now); its place is taken. */
export interface PaceGranted {
  readonly granted: true;
  readonly waitMs: number;
}

/** The send's place is further than a send may wait in place: ask again after `waitMs`. */
export interface PaceDeferred {
  readonly granted: false;
  readonly waitMs: number;
  /** The limit that is furthest out, for the message. */
  readonly per: string;
}

/** A place taken by a deferred send, kept for it until it comes back; forgotten this long after. */
const TICKET_GRACE_MS = 60_000;
/** How often (in reservations) keys and tickets no longer needed are forgotten. */
const SWEEP_EVERY = 1_024;

/**
 * Paces sends per destination in one process, by the limits the channels declare (`pacing`). Each
 * send takes the earliest time at which every one of its limits has room, in order of asking (a key's
 * sends never overtake each other), so a burst to one chat goes out at the chat's rate rather than
 * into the vendor's `429`. A wait up to `holdMs` is spent in place; a longer one is deferred, the
 * place kept under the attempt's idempotency key so the same send coming back takes it instead of
 * queuing behind the sends that asked after it. A vendor's `429` blocks its keys until its
 * Retry-After (`block`).
 *
 * Plain in-memory state, bounded by the keys seen within their windows: `now` is monotonic
 * milliseconds.
 *
 * @example
 * const pacer = new SendPacer(() => performance.now(), 1_000);
 * pacer.reserve('k:1', [{ per: 'chat', key: 'telegram\nchat\n42', count: 1, windowMs: 1_000 }]); // { granted: true, waitMs: 0 }
 * pacer.reserve('k:2', [{ per: 'chat', key: 'telegram\nchat\n42', count: 1, windowMs: 1_000 }]); // { granted: true, waitMs: 1000 }
 */
export class SendPacer {
  /** Per key, the times of its last `count` sends (taken places), ascending, and its window. */
  private readonly places = new Map<string, { readonly windowMs: number; readonly times: number[] }>();
  /** Per key, the end of a vendor's `429` wait. */
  private readonly blockedUntil = new Map<string, number>();
  /** Per idempotency key, the time of the place a deferred send left with. */
  private readonly tickets = new Map<string, number>();
  private reservations = 0;

  constructor(
    private readonly now: () => number,
    /** The longest wait spent in place; longer ones are deferred. */
    private readonly holdMs: number,
  ) {}

  reserve(idempotencyKey: string, limits: readonly PaceLimit[]): PaceGranted | PaceDeferred {
    const now = this.now();
    if (limits.length === 0) return { granted: true, waitMs: 0 };
    this.reservations += 1;
    if (this.reservations % SWEEP_EVERY === 0) this.sweep(now);
    const ticket = this.tickets.get(idempotencyKey);
    if (ticket !== undefined) {
      const blocked = Math.max(...limits.map(({ key }) => this.blockedUntil.get(key) ?? 0));
      const at = Math.max(ticket, blocked);
      if (at - now <= this.holdMs) {
        this.tickets.delete(idempotencyKey);
        return { granted: true, waitMs: Math.max(0, at - now) };
      }
      if (blocked <= ticket) return { granted: false, waitMs: at - now, per: limits[0]?.per ?? '' };
      // A 429 since moved the key past the kept place: take a new one after it.
      this.tickets.delete(idempotencyKey);
    }
    let at = now;
    let furthest = limits[0]?.per ?? '';
    for (const limit of limits) {
      const earliest = this.earliestFor(limit, now);
      if (earliest > at) {
        at = earliest;
        furthest = limit.per;
      }
    }
    for (const limit of limits) this.take(limit, at);
    if (at - now <= this.holdMs) return { granted: true, waitMs: at - now };
    this.tickets.set(idempotencyKey, at);
    return { granted: false, waitMs: at - now, per: furthest };
  }

  /** The vendor answered `429`: no send of these keys before `waitMs` from now. */
  block(limits: readonly PaceLimit[], waitMs: number): void {
    const until = this.now() + waitMs;
    for (const { key } of limits) {
      if ((this.blockedUntil.get(key) ?? 0) < until) this.blockedUntil.set(key, until);
    }
  }

  /** How long a vendor's `429` still holds any of these keys (0: none does). */
  blockedMs(limits: readonly PaceLimit[]): number {
    const now = this.now();
    return Math.max(0, ...limits.map(({ key }) => (this.blockedUntil.get(key) ?? 0) - now));
  }

  private earliestFor(limit: PaceLimit, now: number): number {
    const taken = this.places.get(limit.key)?.times ?? [];
    const last = taken.at(-1) ?? now;
    const oldestInWindow = taken.length >= limit.count ? taken[taken.length - limit.count] : undefined;
    const byWindow = oldestInWindow === undefined ? now : oldestInWindow + limit.windowMs;
    return Math.max(now, last, byWindow, this.blockedUntil.get(limit.key) ?? 0);
  }

  private take(limit: PaceLimit, at: number): void {
    const taken = this.places.get(limit.key) ?? { windowMs: limit.windowMs, times: [] };
    taken.times.push(at);
    if (taken.times.length > limit.count) taken.times.splice(0, taken.times.length - limit.count);
    this.places.set(limit.key, taken);
  }

  private sweep(now: number): void {
    // A key whose last place is a window old limits nothing.
    for (const [key, { windowMs, times }] of this.places) {
      if ((times.at(-1) ?? 0) < now - windowMs) this.places.delete(key);
    }
    for (const [key, until] of this.blockedUntil) if (until < now) this.blockedUntil.delete(key);
    for (const [key, at] of this.tickets) if (at < now - TICKET_GRACE_MS) this.tickets.delete(key);
  }
}
