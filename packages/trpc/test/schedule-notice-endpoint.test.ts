import { loadPluginRegistry } from '@oncall/built-ins';
import { Endpoint, sealJson, User } from '@oncall/core/persistence';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

/** A schedule's notice endpoint through tRPC: written and read back, refused at the field when no team chat. */
describe('tRPC schedules: noticeEndpointId', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let adminId: string;
  let teamId: string;

  const endpoint = async (type: string, ownerId: string) => {
    const em = t.core.orm.em.fork();
    const created = em.create(Endpoint, {
      name: `${type} ${ownerId.slice(0, 8)}`,
      type,
      destination: type === 'email' ? { value: 'team@example.com' } : { chatId: '-1001234567' },
      sealedDestination: type === 'telegram' ? sealJson(t.core.secretBox, { botToken: '123:abc' }) : null,
      owner: em.getReference(User, ownerId),
    });
    await em.flush();
    return created.id;
  };
  const body = (name: string, noticeEndpointId?: string | null) => ({
    name,
    teamId,
    timeZone: 'UTC',
    layers: [],
    ...(noticeEndpointId === undefined ? {} : { noticeEndpointId }),
  });

  beforeAll(async () => {
    t = await createTestCore({}, { plugins: await loadPluginRegistry() });
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    const login = await rpc.mutation('auth.login', { username: ADMIN.username, password: ADMIN.password });
    admin = (login.data as { accessToken: string }).accessToken;
    adminId = (await t.core.orm.em.fork().findOneOrFail(User, { username: ADMIN.username })).id;
    const team = await rpc.mutation(
      'teams.create',
      { name: 'Notice rpc', ownerId: adminId, userIds: [] },
      admin,
    );
    teamId = (team.data as { id: string }).id;
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('writes, reads, keeps and clears a team chat as the notice endpoint', async () => {
    const chat = await endpoint('telegram', adminId);
    const created = await rpc.mutation('schedules.create', body('Rpc notices', chat), admin);
    expect(created.status, JSON.stringify(created.error)).toBe(200);
    const id = (created.data as { id: string }).id;
    const read = await rpc.query('schedules.get', { id }, admin);
    expect((read.data as { noticeEndpointId: string | null }).noticeEndpointId).toBe(chat);
    const kept = await rpc.mutation('schedules.update', { id, data: body('Rpc notices') }, admin);
    expect((kept.data as { noticeEndpointId: string | null }).noticeEndpointId).toBe(chat);
    const cleared = await rpc.mutation('schedules.update', { id, data: body('Rpc notices', null) }, admin);
    expect((cleared.data as { noticeEndpointId: string | null }).noticeEndpointId).toBeNull();
  });

  it('refuses an endpoint that is not a chat of the team with a 422 at noticeEndpointId', async () => {
    const email = await endpoint('email', adminId);
    const answer = await rpc.mutation('schedules.create', body('Rpc refused', email), admin);
    expect(answer.status).toBe(422);
    expect(answer.error?.data.fieldErrors).toHaveProperty('noticeEndpointId');
  });
});
