import { ADMIN } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * How the original web UI keeps a session (skylogsio/skylogs, `apps/frontend/src/app/api/auth/[...nextauth]/route.ts`
 * and its axios instance): `POST auth/refresh` with the refresh token as `Authorization: Bearer`,
 * no body, axios's default `application/x-www-form-urlencoded`; concurrent server actions refresh
 * with the same token at once.
 */
describe('refresh as the legacy web UI sends it', () => {
  let h: TestApp;
  const graceSeconds = 20;

  beforeAll(async () => {
    h = await createTestApp({ accessTokenTtlSeconds: 60, refreshTokenReuseGraceSeconds: graceSeconds });
  });
  afterAll(() => h.dispose());

  const refresh = (refreshToken: string, contentType: string) =>
    h.call('POST', '/api/v1/auth/refresh', {
      token: refreshToken,
      headers: { 'content-type': contentType },
      body: '',
    });

  it('answers new tokens to a bearer refresh token with an empty body of any content type', async () => {
    const pair = await h.login(ADMIN.username, ADMIN.password);
    const form = await refresh(pair.refreshToken, 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(200);
    const text = await refresh(form.json().refresh_token, 'text/plain;charset=UTF-8');
    expect(text.statusCode).toBe(200);
    const json = await refresh(text.json().refresh_token, 'application/json');
    expect(json.statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/auth/me', { token: json.json().access_token })).statusCode).toBe(
      200,
    );
  });

  it('gives a reuse within the grace window the same rotated refresh token, the session alive', async () => {
    const pair = await h.login(ADMIN.username, ADMIN.password);
    const first = await refresh(pair.refreshToken, 'application/x-www-form-urlencoded');
    h.t.clock.advance((graceSeconds - 1) * 1000);
    const again = await refresh(pair.refreshToken, 'application/x-www-form-urlencoded');
    expect(again.statusCode).toBe(200);
    expect(again.json().refresh_token).toBe(first.json().refresh_token);
    expect((await h.call('GET', '/api/v1/auth/me', { token: again.json().access_token })).statusCode).toBe(
      200,
    );
    expect((await h.call('GET', '/api/v1/auth/me', { token: first.json().access_token })).statusCode).toBe(
      200,
    );
    // The shared successor still rotates once, and the session goes on.
    const next = await refresh(first.json().refresh_token, 'application/x-www-form-urlencoded');
    expect(next.statusCode).toBe(200);
  });

  it('answers concurrent refreshes with one token with one rotated pair', async () => {
    const pair = await h.login(ADMIN.username, ADMIN.password);
    const answers = await Promise.all(
      [1, 2, 3].map(() => refresh(pair.refreshToken, 'application/x-www-form-urlencoded')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().refresh_token)).size).toBe(1);
  });

  it('keeps a session alive for an hour of use when the client never keeps the rotated pair', async () => {
    // The UI refreshes inside server actions, where next-auth cannot write its cookie: the rotated
    // pair is dropped, and the next call after the 60 s access token expired presents the same
    // spent refresh token again (seen on the published UI, `src/services/next-auth/authOptions.tsx`).
    const pair = await h.login(ADMIN.username, ADMIN.password);
    const rotated = (await refresh(pair.refreshToken, 'application/x-www-form-urlencoded')).json();
    for (let minute = 1; minute <= 60; minute++) {
      h.t.clock.advance(61_000);
      const again = await refresh(pair.refreshToken, 'application/x-www-form-urlencoded');
      expect(again.statusCode).toBe(200);
      expect(again.json().refresh_token).toBe(rotated.refresh_token);
      const me = await h.call('GET', '/api/v1/auth/me', { token: again.json().access_token });
      expect(me.statusCode).toBe(200);
    }
    // Once the client keeps the rotated token and spends it, the old one is a leak again.
    expect((await refresh(rotated.refresh_token, 'application/json')).statusCode).toBe(200);
    expect((await refresh(pair.refreshToken, 'application/json')).statusCode).toBe(401);
  });

  it('still revokes the session on a reuse after the grace window', async () => {
    // The window is the life of the access token last answered, plus the grace seconds.
    const pair = await h.login(ADMIN.username, ADMIN.password);
    const first = await refresh(pair.refreshToken, 'application/x-www-form-urlencoded');
    h.t.clock.advance((60 + graceSeconds + 1) * 1000);
    expect((await refresh(pair.refreshToken, 'application/x-www-form-urlencoded')).statusCode).toBe(401);
    expect((await refresh(first.json().refresh_token, 'application/json')).statusCode).toBe(401);
  });

  it('revokes on a reuse within the window once the rotated token was itself spent', async () => {
    const pair = await h.login(ADMIN.username, ADMIN.password);
    const first = await refresh(pair.refreshToken, 'application/json');
    expect((await refresh(first.json().refresh_token, 'application/json')).statusCode).toBe(200);
    expect((await refresh(pair.refreshToken, 'application/json')).statusCode).toBe(401);
  });

  it('refuses a body that is not empty in another content type', async () => {
    const pair = await h.login(ADMIN.username, ADMIN.password);
    const response = await h.call('POST', '/api/v1/auth/refresh', {
      token: pair.refreshToken,
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(response.statusCode).toBe(415);
  });
});
