import type { DeliveryLane } from './lane';

/**
 * Whom one send of a slow lane (email, chat) counts against: the endpoint's owner, the alert rule
 * it pages for, and that rule's owner. Each may hold only a bounded share of the lane, so tarpit
 * endpoints handed to many users (many endpoint owners) still count against the one rule and the
 * one rule owner that page them.
 */
export interface DeliveryShares {
  readonly lane: DeliveryLane;
  readonly endpointOwnerId: string;
  readonly ruleId: string;
  readonly ruleOwnerId: string;
}

/** Sends running at once in one lane of one process, per claimant. */
export interface LaneSlotLimits {
  readonly perEndpointOwner: number;
  readonly perRule: number;
  readonly perRuleOwner: number;
}

/** A send's slots: given back once, when the send (with what it decides next) is done. */
export interface TakenSlots {
  readonly taken: true;
  /** Gives the slots back; answers the claimant keys that had been full, so a waiter can be woken. */
  release(): string[];
}

/** No slot now: `busy` names the full claimant the send waits for. */
export interface BusySlots {
  readonly taken: false;
  readonly busy: string;
}

/**
 * The slow lanes' shares in one process: a send takes a slot of each of its claimants, or none.
 * Pages (sms, call, OTP) are never counted. Plain in-memory counts: the drivers decide what a send
 * that finds no slot does (the embedded one puts its job back; on Temporal the send activity fails
 * as lane busy and its workflow asks again after a wait), never holding a worker while it waits.
 */
export class LaneSlots {
  private readonly running = new Map<string, number>();

  constructor(private readonly limits: LaneSlotLimits) {}

  take(shares: DeliveryShares): TakenSlots | BusySlots {
    const claims = this.claimsOf(shares);
    const full = claims.find(({ key, limit }) => (this.running.get(key) ?? 0) >= limit);
    if (full) return { taken: false, busy: full.key };
    for (const { key } of claims) this.running.set(key, (this.running.get(key) ?? 0) + 1);
    let released = false;
    return {
      taken: true,
      release: () => {
        if (released) return [];
        released = true;
        const freed: string[] = [];
        for (const { key, limit } of claims) {
          const count = (this.running.get(key) ?? 1) - 1;
          if (count + 1 >= limit) freed.push(key);
          if (count <= 0) this.running.delete(key);
          else this.running.set(key, count);
        }
        return freed;
      },
    };
  }

  /** Sends counted against a claimant key now (for tests and metrics). */
  runningFor(key: string): number {
    return this.running.get(key) ?? 0;
  }

  private claimsOf(shares: DeliveryShares) {
    const { lane } = shares;
    return [
      { key: `${lane}:endpointOwner:${shares.endpointOwnerId}`, limit: this.limits.perEndpointOwner },
      { key: `${lane}:rule:${shares.ruleId}`, limit: this.limits.perRule },
      { key: `${lane}:ruleOwner:${shares.ruleOwnerId}`, limit: this.limits.perRuleOwner },
    ];
  }
}
