import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

interface SessionAnswer {
  id: string;
  current: boolean;
  ip: string | null;
  userAgent: string | null;
}

describe('tRPC: the caller’s own sessions', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;

  const login = async (username: string, password: string) =>
    ((await rpc.mutation('auth.login', { username, password })).data as { accessToken: string }).accessToken;
  const sessionsOf = async (token: string) =>
    (await rpc.query('auth.sessions', undefined, token)).data as SessionAnswer[];

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    await t.createUser('session-member', 'member', 'member-pass-1');
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('lists the live sessions, marks the current one, and ends one at once', async () => {
    const laptop = await login('session-member', 'member-pass-1');
    const phone = await login('session-member', 'member-pass-1');
    const seen = await sessionsOf(laptop);
    expect(seen).toHaveLength(2);
    expect(seen.filter((session) => session.current)).toHaveLength(1);
    const phoneSession = seen.find((session) => !session.current);
    expect(phoneSession).toBeDefined();

    const ended = await rpc.mutation('auth.endSession', { id: phoneSession?.id }, laptop);
    expect(ended.status).toBe(200);
    expect((await rpc.query('auth.me', undefined, phone)).status).toBe(401);
    expect((await sessionsOf(laptop)).map((session) => session.current)).toEqual([true]);
  });

  it('never lists or ends another user’s session', async () => {
    const member = await login('session-member', 'member-pass-1');
    const admin = await login(ADMIN.username, ADMIN.password);
    const adminSession = (await sessionsOf(admin)).find((session) => session.current);
    expect((await sessionsOf(member)).map((session) => session.id)).not.toContain(adminSession?.id);
    const refused = await rpc.mutation('auth.endSession', { id: adminSession?.id }, member);
    expect(refused.status).toBe(404);
    expect((await rpc.query('auth.me', undefined, admin)).status).toBe(200);
  });

  it('ends every other session and keeps this one', async () => {
    const first = await login('session-member', 'member-pass-1');
    const second = await login('session-member', 'member-pass-1');
    const here = await login('session-member', 'member-pass-1');
    const answer = await rpc.mutation('auth.endOtherSessions', undefined, here);
    expect(answer.data).toEqual({ ended: expect.any(Number) });
    expect((answer.data as { ended: number }).ended).toBeGreaterThanOrEqual(2);
    expect((await rpc.query('auth.me', undefined, first)).status).toBe(401);
    expect((await rpc.query('auth.me', undefined, second)).status).toBe(401);
    expect((await rpc.query('auth.me', undefined, here)).status).toBe(200);
    expect(await sessionsOf(here)).toHaveLength(1);
  });
});
