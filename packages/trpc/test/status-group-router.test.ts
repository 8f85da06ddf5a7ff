import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

/** The status page's groups over tRPC: the same use cases as REST `status` and `status/all`. */
describe('tRPC statusGroups router', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let member: string;

  const login = async (username: string, password: string) =>
    ((await rpc.mutation('auth.login', { username, password })).data as { accessToken: string }).accessToken;

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
    await t.createUser('status-member', 'member', 'member-pass-12');
    member = await login('status-member', 'member-pass-12');
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('creates, lists, updates and deletes groups; everyone reads the cards, only admins arrange them', async () => {
    const created = await rpc.mutation('statusGroups.create', { name: 'Core', tags: ['core'] }, admin);
    expect(created.status).toBe(200);
    const group = created.data as { id: string; name: string; tags: string[] };
    expect(group).toMatchObject({ name: 'Core', tags: ['core'] });

    const refused = await rpc.mutation('statusGroups.create', { name: 'Mine', tags: ['x'] }, member);
    expect(refused.error?.data).toMatchObject({ code: 'FORBIDDEN', domainCode: 'forbidden' });
    const cards = await rpc.query('statusGroups.cards', undefined, member);
    expect(cards.data).toEqual([
      expect.objectContaining({ id: group.id, state: 'resolved', criticalCount: 0, alertsTags: [] }),
    ]);

    const updated = await rpc.mutation(
      'statusGroups.update',
      { id: group.id, name: 'Core', tags: ['core', 'eu'] },
      admin,
    );
    expect(updated.data).toMatchObject({ tags: ['core', 'eu'] });
    const page = await rpc.query('statusGroups.list', { name: 'cor' }, admin);
    expect(page.data).toMatchObject({ items: [{ id: group.id }], total: 1 });
    const noTags = await rpc.mutation('statusGroups.create', { name: 'Bare', tags: [] }, admin);
    expect(noTags.error?.data.fieldErrors).toEqual({ tags: ['The tags field is required.'] });

    expect((await rpc.mutation('statusGroups.delete', { id: group.id }, admin)).status).toBe(200);
    expect((await rpc.query('statusGroups.get', { id: group.id }, admin)).status).toBe(404);
  });
});
