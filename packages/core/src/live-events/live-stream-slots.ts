import { tooManyStreams } from '../errors/domain-error';

/** A place taken by one open live stream; giving it back twice is giving it back once. */
export interface LiveStreamSlot {
  release(): void;
}

/**
 * Counts the live streams open in this process, per user and in all, and refuses one over either
 * cap. A stream outlives its request and holds memory and a place in the feed for as long as its
 * client keeps it, so one user (or one stolen token) cannot open hundreds.
 */
export class LiveStreamSlots {
  private readonly perUser = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: { maxPerUser: number; maxTotal: number }) {}

  /**
   * Why the user's next stream would be over either cap (the message of its `too_many_streams`), or
   * null when there is room; takes nothing and builds no error, so a transport can answer a flood of
   * refusals without the cost of an exception (its stack) per request.
   */
  refusalFor(userId: string): string | null {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.maxPerUser) {
      return `You have ${mine} live streams open, the most one user may; close one (another tab or window) first.`;
    }
    if (this.total >= this.limits.maxTotal) {
      return 'The server has as many live streams open as it takes; try again shortly.';
    }
    return null;
  }

  /** Throws `too_many_streams` when the user's next stream would be over either cap; takes nothing. */
  checkRoom(userId: string): void {
    const refusal = this.refusalFor(userId);
    if (refusal !== null) throw tooManyStreams(refusal);
  }

  /** Takes a slot for the user's stream; `too_many_streams` over either cap. */
  take(userId: string): LiveStreamSlot {
    this.checkRoom(userId);
    const mine = this.perUser.get(userId) ?? 0;
    this.perUser.set(userId, mine + 1);
    this.total++;
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.total--;
        const left = (this.perUser.get(userId) ?? 1) - 1;
        if (left > 0) this.perUser.set(userId, left);
        else this.perUser.delete(userId);
      },
    };
  }

  /** Streams holding a slot. */
  get open(): number {
    return this.total;
  }
}
