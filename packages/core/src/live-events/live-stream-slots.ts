import { tooManyStreams } from '../errors/domain-error';

/** A place taken by one live stream of a user; giving it back twice is giving it back once. */
export interface LiveStreamSlot {
  readonly userId: string;
  release(): void;
}

/** A slot taken, or why none was (the message of `too_many_streams`). */
export type LiveStreamReservation =
  | { slot: LiveStreamSlot; refusal?: never }
  | { slot?: never; refusal: string };

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
   * Takes a slot for the user's stream, or says why not, without an exception: a transport answers
   * a flood of refusals without the cost of one (its stack) per request.
   */
  reserve(userId: string): LiveStreamReservation {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.maxPerUser) {
      return {
        refusal: `You have ${mine} live streams open, the most one user may; close one (another tab or window) first.`,
      };
    }
    if (this.total >= this.limits.maxTotal) {
      return { refusal: 'The server has as many live streams open as it takes; try again shortly.' };
    }
    this.perUser.set(userId, mine + 1);
    this.total++;
    let held = true;
    const slot: LiveStreamSlot = {
      userId,
      release: () => {
        if (!held) return;
        held = false;
        this.total--;
        const left = (this.perUser.get(userId) ?? 1) - 1;
        if (left > 0) this.perUser.set(userId, left);
        else this.perUser.delete(userId);
      },
    };
    return { slot };
  }

  /** Takes a slot for the user's stream; `too_many_streams` over either cap. */
  take(userId: string): LiveStreamSlot {
    const reservation = this.reserve(userId);
    if (reservation.refusal !== undefined) throw tooManyStreams(reservation.refusal);
    return reservation.slot;
  }

  /** Streams holding a slot. */
  get open(): number {
    return this.total;
  }
}
