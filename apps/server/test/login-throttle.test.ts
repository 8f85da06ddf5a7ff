import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@oncall/config';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/build-app';
import { createServerTestCore } from './support/test-app';

type TestCore = Awaited<ReturnType<typeof createServerTestCore>>;

/** The app as `npm start` builds it from the environment: `TRUST_PROXY` goes through the config. */
async function appWithTrustProxy(t: TestCore, trustProxy: string): Promise<FastifyInstance> {
  const config = loadConfig({
    TRUST_PROXY: trustProxy,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'oncall-throttle-')),
  });
  return buildApp({
    core: t.core,
    ping: t.database.db.ping,
    logLevel: 'silent',
    bodyLimitBytes: 64 * 1024,
    trustProxy: config.http.trustProxy,
  });
}

describe('login throttling', () => {
  let t: TestCore;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createServerTestCore({
      loginMaxFailuresPerAccount: 5,
      loginMaxAttemptsPerIp: 20,
      loginIpWindowSeconds: 60,
    });
    app = await appWithTrustProxy(t, '1');
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  /** A login through one proxy hop: the proxy (127.0.0.1) appends the address it saw. */
  const login = (username: string, password: string, client: string, forged?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forged ? `${forged}, ${client}` : client },
      payload: { username, password },
    });

  it('counts concurrent wrong passwords before checking them: at most the limit get 401', async () => {
    await t.createUser('oncall-eng', 'member', 'oncall-eng-password');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login('oncall-eng', 'wrong-guess', '198.51.100.7')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - statuses.filter((s) => s === 401).length);
    const limited = answers.find((answer) => answer.statusCode === 429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited?.json().code).toBe('rate_limited');

    // The guesser stays throttled, even with the right password.
    expect((await login('oncall-eng', 'oncall-eng-password', '198.51.100.7')).statusCode).toBe(429);
    // The engineer, from anywhere else, is not locked out by someone else's guesses.
    expect((await login('oncall-eng', 'oncall-eng-password', '203.0.113.20')).statusCode).toBe(200);
  });

  it('forgets the failures of a pair once it logs in', async () => {
    await t.createUser('typo-prone', 'member', 'typo-prone-password');
    for (let i = 0; i < 4; i++) {
      expect((await login('typo-prone', 'typo', '198.51.100.8')).statusCode).toBe(401);
    }
    expect((await login('typo-prone', 'typo-prone-password', '198.51.100.8')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await login('typo-prone', 'typo', '198.51.100.8')).statusCode).toBe(401);
    }
    expect((await login('typo-prone', 'typo', '198.51.100.8')).statusCode).toBe(429);
  });

  it('lets the pair try again once its window has passed', async () => {
    await t.createUser('patient', 'member', 'patient-password');
    for (let i = 0; i < 5; i++) await login('patient', 'typo', '198.51.100.9');
    const limited = await login('patient', 'patient-password', '198.51.100.9');
    expect(limited.statusCode).toBe(429);
    t.clock.advance(Number(limited.headers['retry-after']) * 1000);
    expect((await login('patient', 'patient-password', '198.51.100.9')).statusCode).toBe(200);
  });

  it('with TRUST_PROXY=1 a forged X-Forwarded-For does not escape the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      // Another account each time and another forged address each time: only the proxy's entry counts.
      const answer = await login(`nobody-${i}`, 'whatever', '192.0.2.50', `10.66.${i}.1`);
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // The address the proxy saw is the client's: another real client is not throttled.
    expect((await login('nobody-0', 'whatever', '192.0.2.51', '192.0.2.50')).statusCode).toBe(401);
  });

  it('counts an IPv6 client per /64, so rotating addresses inside it does not help', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const answer = await login(`six-${i}`, 'whatever', `2001:db8:aa:bb::${(i + 1).toString(16)}`);
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await login('six-0', 'whatever', '2001:db8:aa:bc::1')).statusCode).toBe(401);
  });

  it('shares one throttle between the REST, tRPC and GraphQL logins', async () => {
    await t.createUser('three-faces', 'member', 'three-faces-password');
    for (let i = 0; i < 5; i++) await login('three-faces', 'typo', '198.51.100.10');
    const headers = { 'x-forwarded-for': '198.51.100.10' };
    const trpc = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      remoteAddress: '127.0.0.1',
      headers,
      payload: { username: 'three-faces', password: 'three-faces-password' },
    });
    expect(trpc.statusCode).toBe(429);
    expect(Number(trpc.headers['retry-after'])).toBeGreaterThan(0);
    const graphql = await app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: '127.0.0.1',
      headers,
      payload: {
        query: 'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }',
        variables: { u: 'three-faces', p: 'three-faces-password' },
      },
    });
    expect(graphql.json().errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
});
