import { ADMIN } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

describe('auth', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp({
      loginMaxFailuresPerAccount: 3,
      loginMaxAttemptsPerIp: 8,
      accessTokenTtlSeconds: 60,
    });
  });
  afterAll(() => h.dispose());

  it('logs in with camelCase and legacy snake_case token fields', async () => {
    const response = await h.call('POST', '/api/v1/auth/login', { body: ADMIN });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      tokenType: 'bearer',
      token_type: 'bearer',
      expiresIn: 60,
      expires_in: 60,
      roles: ['owner'],
    });
    expect(body.access_token).toBe(body.accessToken);
    expect(body.refresh_token).toBe(body.refreshToken);
    expect(body.refreshExpiresIn).toBe(body.refresh_expires_in);
    expect(body.user).toMatchObject({
      username: 'admin',
      role: 'owner',
      roles: ['owner'],
      isSystemAdmin: true,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrong = await h.call('POST', '/api/v1/auth/login', {
      body: { username: 'admin', password: 'nope-nope' },
      ip: '10.0.0.1',
    });
    const unknown = await h.call('POST', '/api/v1/auth/login', {
      body: { username: 'ghost', password: 'nope-nope' },
      ip: '10.0.0.1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ message: 'Invalid username or password.', code: 'unauthenticated' });
  });

  it('rejects bad login bodies with 422 and field paths', async () => {
    const missing = await h.call('POST', '/api/v1/auth/login', { body: {} });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['password', 'username']);
    const wrongType = await h.call('POST', '/api/v1/auth/login', { body: { username: 5, password: ['x'] } });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().code).toBe('validation_failed');
  });

  it('serves me for a valid access token and 401 without one', async () => {
    const token = await h.adminToken();
    const me = await h.call('POST', '/api/v1/auth/me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('admin');
    expect((await h.call('POST', '/api/v1/auth/me')).statusCode).toBe(401);
    expect((await h.call('POST', '/api/v1/auth/me', { token: 'garbage' })).statusCode).toBe(401);
    expect(
      (await h.call('POST', '/api/v1/auth/me', { headers: { authorization: 'Basic abc' } })).statusCode,
    ).toBe(401);
  });

  it('rotates refresh tokens, from the body or as a bearer token', async () => {
    const first = await h.login(ADMIN.username, ADMIN.password);
    const viaBody = await h.call('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: first.refreshToken },
    });
    expect(viaBody.statusCode).toBe(200);
    const second = viaBody.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const viaBearer = await h.call('POST', '/api/v1/auth/refresh', { token: second.refreshToken });
    expect(viaBearer.statusCode).toBe(200);
    expect(
      (await h.call('POST', '/api/v1/auth/me', { token: viaBearer.json().accessToken })).statusCode,
    ).toBe(200);
  });

  it('revokes the whole session when a spent refresh token comes back', async () => {
    const first = await h.login(ADMIN.username, ADMIN.password);
    const rotated = (
      await h.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: first.refreshToken } })
    ).json();
    // Past the grace window (the access token's life plus the default 300 s) within which a client
    // racing itself gets the same successor again.
    h.t.clock.advance((h.t.settings.accessTokenTtlSeconds + 301) * 1000);
    const reuse = await h.call('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: first.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    // Everything issued in that session is dead now: the legitimate holder must log in again.
    expect(
      (await h.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: rotated.refreshToken } }))
        .statusCode,
    ).toBe(401);
    expect((await h.call('POST', '/api/v1/auth/me', { token: rotated.accessToken })).statusCode).toBe(401);
    expect((await h.call('POST', '/api/v1/auth/me', { token: first.accessToken })).statusCode).toBe(401);
  });

  it('never accepts an access token as a refresh token, nor the reverse', async () => {
    const pair = await h.login(ADMIN.username, ADMIN.password);
    expect(
      (await h.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: pair.accessToken } })).statusCode,
    ).toBe(401);
    expect((await h.call('POST', '/api/v1/auth/refresh', { token: pair.accessToken })).statusCode).toBe(401);
    expect((await h.call('POST', '/api/v1/auth/me', { token: pair.refreshToken })).statusCode).toBe(401);
    expect((await h.call('POST', '/api/v1/auth/refresh')).statusCode).toBe(401);
  });

  it('invalidates access tokens at once on logout', async () => {
    const pair = await h.login(ADMIN.username, ADMIN.password);
    expect((await h.call('POST', '/api/v1/auth/logout', { token: pair.accessToken })).statusCode).toBe(200);
    expect((await h.call('POST', '/api/v1/auth/me', { token: pair.accessToken })).statusCode).toBe(401);
    expect(
      (await h.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: pair.refreshToken } }))
        .statusCode,
    ).toBe(401);
  });

  it('expires access tokens after their lifetime while refresh still works', async () => {
    const pair = await h.login(ADMIN.username, ADMIN.password);
    // Past its lifetime and the 5 s leeway a token gets past `exp`.
    h.t.clock.advance((h.t.settings.accessTokenTtlSeconds + 6) * 1000);
    expect((await h.call('POST', '/api/v1/auth/me', { token: pair.accessToken })).statusCode).toBe(401);
    const refreshed = await h.call('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: pair.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(
      (await h.call('POST', '/api/v1/auth/me', { token: refreshed.json().accessToken })).statusCode,
    ).toBe(200);
  });

  it('expires the session itself after the refresh lifetime', async () => {
    const pair = await h.login(ADMIN.username, ADMIN.password);
    h.t.clock.advance(h.t.settings.refreshTokenTtlSeconds * 1000 + 1000);
    expect(
      (await h.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: pair.refreshToken } }))
        .statusCode,
    ).toBe(401);
  });

  it('throttles failed logins per account and address with 429 and Retry-After', async () => {
    await h.t.createUser('victim', 'member', 'victim-password');
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await h.call('POST', '/api/v1/auth/login', {
            body: { username: 'victim', password: 'guess-guess' },
            ip: '10.1.0.1',
          })
        ).statusCode,
      ).toBe(401);
    }
    const blocked = await h.call('POST', '/api/v1/auth/login', {
      body: { username: 'victim', password: 'victim-password' },
      ip: '10.1.0.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().code).toBe('rate_limited');
    // Someone else's failures never lock the account's owner out from another address.
    const elsewhere = await h.call('POST', '/api/v1/auth/login', {
      body: { username: 'victim', password: 'victim-password' },
      ip: '10.1.0.99',
    });
    expect(elsewhere.statusCode).toBe(200);
    h.t.clock.advance(h.t.settings.loginAccountWindowSeconds * 1000 + 1000);
    const after = await h.call('POST', '/api/v1/auth/login', {
      body: { username: 'victim', password: 'victim-password' },
      ip: '10.1.0.1',
    });
    expect(after.statusCode).toBe(200);
  });

  it('throttles login attempts per IP across accounts', async () => {
    const ip = '10.2.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        (
          await h.call('POST', '/api/v1/auth/login', {
            body: { username: `u${i}`, password: 'whatever1' },
            ip,
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
    // Another address is unaffected.
    expect((await h.call('POST', '/api/v1/auth/login', { body: ADMIN, ip: '10.2.0.2' })).statusCode).toBe(
      200,
    );
  });
});
