import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../src/auth/client-address-key';
import { LoginThrottle } from '../src/auth/login-throttle';
import { SlidingWindowLimiter } from '../src/auth/rate-limiter';
import { DomainError } from '../src/errors/domain-error';

const clockAt = () => {
  let now = 1_000_000;
  return { clock: { now: () => new Date(now) }, advance: (ms: number) => (now += ms) };
};

const limits = {
  failuresPerAccountAndAddress: 3,
  failureWindowSeconds: 900,
  attemptsPerAddress: 10,
  addressWindowSeconds: 60,
  maxTrackedKeys: 500,
};

const refusal = (fn: () => unknown): DomainError | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
};

describe('LoginThrottle', () => {
  it('throttles the (account, address) pair, not the account everywhere', () => {
    const { clock } = clockAt();
    const throttle = new LoginThrottle(limits, clock);
    for (let i = 0; i < 3; i++) throttle.begin('Victim', '198.51.100.1');
    const refused = refusal(() => throttle.begin('victim', '198.51.100.1'));
    expect(refused?.code).toBe('rate_limited');
    expect(refused?.retryAfterSeconds).toBe(900);
    expect(refusal(() => throttle.begin('victim', '198.51.100.2'))).toBeUndefined();
  });

  it('forgets a pair on success and keeps counting the address', () => {
    const { clock } = clockAt();
    const throttle = new LoginThrottle(limits, clock);
    for (let i = 0; i < 2; i++) throttle.begin('user', '198.51.100.3');
    throttle.begin('user', '198.51.100.3').succeeded();
    for (let i = 0; i < 3; i++) throttle.begin('user', '198.51.100.3');
    expect(refusal(() => throttle.begin('user', '198.51.100.3'))?.code).toBe('rate_limited');
    // Six attempts counted for the address, whatever their outcome; four more across accounts.
    for (let i = 0; i < 4; i++) throttle.begin(`other-${i}`, '198.51.100.3');
    expect(refusal(() => throttle.begin('someone-else', '198.51.100.3'))?.code).toBe('rate_limited');
  });

  it('does not count a refused attempt against the other limit', () => {
    const { clock } = clockAt();
    const throttle = new LoginThrottle({ ...limits, failuresPerAccountAndAddress: 1 }, clock);
    throttle.begin('a', '198.51.100.4');
    for (let i = 0; i < 20; i++) refusal(() => throttle.begin('a', '198.51.100.4'));
    // Only the one allowed attempt counted for the address: nine more fit.
    for (let i = 0; i < 9; i++)
      expect(refusal(() => throttle.begin(`b-${i}`, '198.51.100.4'))).toBeUndefined();
  });

  it('stays within its cap under many distinct usernames and addresses', () => {
    const { clock, advance } = clockAt();
    const throttle = new LoginThrottle(limits, clock);
    for (let i = 0; i < 20_000; i++) {
      throttle.begin(`user-${i}`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      advance(1);
    }
    const tracked = throttle.trackedKeys();
    expect(tracked.pairs).toBeLessThanOrEqual(500);
    expect(tracked.addresses).toBeLessThanOrEqual(500);
    // The most recent clients are the ones still tracked.
    for (let i = 0; i < 2; i++) throttle.begin('user-19999', '10.0.78.31');
    expect(refusal(() => throttle.begin('user-19999', '10.0.78.31'))?.code).toBe('rate_limited');
  });
});

describe('SlidingWindowLimiter memory', () => {
  it('never tracks more keys than its cap', () => {
    const { clock } = clockAt();
    const limiter = new SlidingWindowLimiter(5, 60_000, clock, 1_000);
    for (let i = 0; i < 50_000; i++) limiter.hit(`key-${i}`);
    expect(limiter.size).toBe(1_000);
  });
});

describe('clientAddressKey', () => {
  it('keys IPv4 by address, IPv6 by /64, and mapped IPv4 as IPv4', () => {
    expect(clientAddressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe(clientAddressKey('2001:db8:1:2::ffff'));
    expect(clientAddressKey('2001:db8:1:2::1')).not.toBe(clientAddressKey('2001:db8:1:3::1'));
    expect(clientAddressKey(undefined)).toBe('unknown');
    expect(clientAddressKey('not an address')).toBe('unknown');
  });
});
