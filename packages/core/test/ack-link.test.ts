import { describe, expect, it } from 'vitest';
import { newId } from '../src/entities/index';
import { AckLinkSigner } from '../src/notifications/ack-link';

const SECRET = 'a-jwt-secret-of-at-least-thirty-two-characters';
/** A clock moved by hand; the test support package depends on the core, not the other way. */
class MutableClock {
  private at: number;
  constructor(start = new Date()) {
    this.at = start.getTime();
  }
  now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

const claims = () => ({ ruleId: newId(), episodeId: newId(), endpointId: newId() });

describe('acknowledge link tokens', () => {
  it('carry the rule, episode and endpoint in 92 URL-safe characters, and verify as signed', () => {
    const clock = new MutableClock();
    const signer = new AckLinkSigner(SECRET, clock, 60);
    const bound = claims();
    const token = signer.sign(bound);
    expect(token).toMatch(/^[A-Za-z0-9_-]{92}$/);
    expect(signer.verify(token)).toEqual({ valid: true, claims: bound });
    expect(new AckLinkSigner(SECRET, clock, 60).verify(token)).toEqual({ valid: true, claims: bound });
  });

  it('expire after their lifetime, counted from signing', () => {
    const clock = new MutableClock(new Date('2026-01-01T00:00:00Z'));
    const signer = new AckLinkSigner(SECRET, clock, 60);
    const token = signer.sign(claims());
    clock.advance(59_000);
    expect(signer.verify(token).valid).toBe(true);
    clock.advance(1_000);
    expect(signer.verify(token)).toEqual({ valid: false, reason: 'expired' });
  });

  it('refuse every changed byte, another key, and anything that is not a token as forged', () => {
    const clock = new MutableClock();
    const signer = new AckLinkSigner(SECRET, clock);
    const bytes = Buffer.from(signer.sign(claims()), 'base64url');
    for (let i = 0; i < bytes.length; i += 1) {
      const changed = Buffer.from(bytes);
      changed[i] = (changed[i] ?? 0) ^ 0x01;
      expect(signer.verify(changed.toString('base64url')), `byte ${i}`).toEqual({
        valid: false,
        reason: 'forged',
      });
    }
    const otherKey = new AckLinkSigner(`${SECRET}!`, clock).sign(claims());
    for (const token of [
      otherKey,
      '',
      'A'.repeat(92),
      'A'.repeat(4000),
      `${otherKey.slice(0, 91)}=`,
      'a.b.c',
    ]) {
      expect(signer.verify(token)).toEqual({ valid: false, reason: 'forged' });
    }
  });

  it('are signed only for ids', () => {
    const signer = new AckLinkSigner(SECRET, new MutableClock());
    expect(() => signer.sign({ ...claims(), endpointId: 'endpoint-1' })).toThrow(/by id/);
  });
});
