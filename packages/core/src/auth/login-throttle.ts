import { rateLimited } from '../errors/domain-error';
import type { Clock } from '../ports/clock';
import { clientAddressKey } from './client-address-key';
import { SlidingWindowLimiter } from './rate-limiter';

export interface LoginThrottleLimits {
  /** Failed logins one client address may make on one account per window. */
  failuresPerAccountAndAddress: number;
  failureWindowSeconds: number;
  /** Logins, failed or not, one client address may try across all accounts per window. */
  attemptsPerAddress: number;
  addressWindowSeconds: number;
  /** Keys each limiter tracks at most (`LOGIN_THROTTLE_MAX_KEYS`). */
  maxTrackedKeys: number;
}

/** One login attempt, already counted; a success forgets the pair's failures. */
export interface LoginAttempt {
  succeeded(): void;
}

/**
 * Throttles logins by (account, client address) and by client address. A guesser is slowed down on
 * the accounts it guesses at, from where it guesses: the account's owner, logging in from anywhere
 * else, is never refused because of someone else's failures (no lockout for everyone).
 *
 * The attempt is counted before the password is checked, in one synchronous step with the checks:
 * concurrent attempts each see the others, so of N at once at most the limit reach the password
 * check. The count is taken back only by a success, so an attempt that fails for any other reason
 * (a database error) still counts.
 */
export class LoginThrottle {
  private readonly perPair: SlidingWindowLimiter;
  private readonly perAddress: SlidingWindowLimiter;

  constructor(limits: LoginThrottleLimits, clock: Clock) {
    this.perPair = new SlidingWindowLimiter(
      limits.failuresPerAccountAndAddress,
      limits.failureWindowSeconds * 1000,
      clock,
      limits.maxTrackedKeys,
    );
    this.perAddress = new SlidingWindowLimiter(
      limits.attemptsPerAddress,
      limits.addressWindowSeconds * 1000,
      clock,
      limits.maxTrackedKeys,
    );
  }

  /** Counts an attempt of `username` from `address`, or throws `rate_limited` with the wait. */
  begin(username: string, address: string | undefined): LoginAttempt {
    const addressKey = clientAddressKey(address);
    const pairKey = `${username.toLowerCase()}\u0000${addressKey}`;
    for (const decision of [this.perAddress.check(addressKey), this.perPair.check(pairKey)]) {
      if (!decision.allowed) throw rateLimited(decision.retryAfterMs / 1000);
    }
    this.perAddress.hit(addressKey);
    this.perPair.hit(pairKey);
    return { succeeded: () => this.perPair.reset(pairKey) };
  }

  /** Keys tracked now by each limiter, for tests and metrics: never more than the cap. */
  trackedKeys(): { pairs: number; addresses: number } {
    return { pairs: this.perPair.size, addresses: this.perAddress.size };
  }
}
