import { describe, expect, it } from 'vitest';
import { AccessTokenIssuer } from '../src/auth/access-token';
import { systemClock } from '../src/ports/clock';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('an access token read without verifying it', () => {
  const issuer = new AccessTokenIssuer('s'.repeat(48), 900, systemClock);

  it('names the user of an issued token, and of a forged one (it grants nothing, only refuses)', async () => {
    const token = await issuer.issue({ userId: 'user-1', sessionId: 'session-1' });
    expect(issuer.unverifiedSubject(token)).toBe('user-1');
    const forged = `${base64url({ alg: 'HS256' })}.${base64url({ sub: 'user-2' })}.not-a-signature`;
    expect(issuer.unverifiedSubject(forged)).toBe('user-2');
    expect(await issuer.verify(forged)).toBeUndefined();
  });

  it('names no one for what is not a JWT with a string subject', () => {
    for (const token of [
      '',
      'no-dots',
      'one.dot',
      `${base64url({})}.${base64url({ sub: 7 })}.x`,
      `${base64url({})}.${base64url(['sub'])}.x`,
      `${base64url({})}.${base64url(null)}.x`,
      `${base64url({})}.not json.x`,
    ]) {
      expect(issuer.unverifiedSubject(token), token).toBeUndefined();
    }
  });
});

describe('an access token near its expiry', () => {
  const ttlSeconds = 60;
  // Issued late in a second: `exp` counts from the start of that second.
  let now = Date.parse('2026-01-01T00:00:00.900Z');
  const clock = { now: () => new Date(now) };
  const issuer = new AccessTokenIssuer('s'.repeat(48), ttlSeconds, clock);

  it('still passes when a client that counts expiresIn from its answer sends it in its last second', async () => {
    const issuedAt = now;
    const token = await issuer.issue({ userId: 'user-1', sessionId: 'session-1' });
    now = issuedAt + ttlSeconds * 1000 - 50;
    expect(await issuer.verify(token)).toEqual({ userId: 'user-1', sessionId: 'session-1' });
    now = issuedAt + (ttlSeconds + 6) * 1000;
    expect(await issuer.verify(token)).toBeUndefined();
  });
});
