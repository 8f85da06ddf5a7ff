import { loadPluginRegistry } from '@oncall/built-ins';
import { createProviderConfigTester } from '@oncall/engine';
import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';
const TOKEN = 'trpc-call-token-8888';

interface Config {
  id: string;
  isDefault: boolean;
  isBackup: boolean;
}

describe('tRPC configs router', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let member: string;
  const bodies: string[] = [];
  let provider: FakeProviderOne;
  let tester: ReturnType<typeof createProviderConfigTester>;

  const login = async (username: string, password: string) => {
    const answer = await rpc.mutation('auth.login', { username, password });
    return (answer.data as { accessToken: string }).accessToken;
  };
  const query = async (path: string, input?: unknown, token = admin) => {
    const answer = await rpc.query(`configs.${path}`, input, token);
    bodies.push(JSON.stringify(answer));
    return answer;
  };
  const mutation = async (path: string, input?: unknown, token = admin) => {
    const answer = await rpc.mutation(`configs.${path}`, input, token);
    bodies.push(JSON.stringify(answer));
    return answer;
  };

  beforeAll(async () => {
    // The provider config kinds and their fields come from the built-in channels.
    const plugins = await loadPluginRegistry();
    provider = await startFakeProviderOne();
    tester = createProviderConfigTester({ channels: plugins.channels, allowPrivateTargets: true });
    t = await createTestCore({}, { plugins, providerConfigTester: tester });
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
    await t.createUser('trpc-member', 'member', 'member-pass-12');
    member = await login('trpc-member', 'member-pass-12');
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
    await tester.close();
    await provider.close();
  });

  describe('providerConfigs', () => {
    it('creates, reads, lists, updates and deletes by kind, secrets masked', async () => {
      const created = await mutation('providerConfigs.create', {
        kind: 'call',
        name: 'Voice',
        provider: 'providerOne',
        apiToken: TOKEN,
        baseUrl: 'http://127.0.0.1:9',
      });
      expect(created.status).toBe(200);
      const call = created.data as Config;
      expect(call).toMatchObject({ kind: 'call', apiToken: '********8888', isDefault: true });

      expect((await query('providerConfigs.get', { kind: 'call', id: call.id })).data).toMatchObject({
        name: 'Voice',
      });
      expect((await query('providerConfigs.list', { kind: 'call' })).data).toEqual([
        expect.objectContaining({ id: call.id }),
      ]);
      expect((await query('providerConfigs.availableProviders', { kind: 'email' })).data).toEqual(['smtp']);

      const updated = await mutation('providerConfigs.update', {
        kind: 'call',
        id: call.id,
        name: 'Voice 2',
        provider: 'providerOne',
        apiToken: '********8888',
      });
      expect(updated.data).toMatchObject({ name: 'Voice 2', apiToken: '********8888' });

      expect((await mutation('providerConfigs.delete', { kind: 'call', id: call.id })).data).toMatchObject({
        id: call.id,
      });
      expect((await query('providerConfigs.get', { kind: 'call', id: call.id })).status).toBe(404);
    });

    it('describes each kind’s forms as plain data, and only to owners and managers', async () => {
      const answer = await query('providerConfigs.forms');
      expect(answer.status).toBe(200);
      const kinds = answer.data as Array<{
        kind: string;
        providers: Array<{ provider: string; fields: unknown[] }>;
      }>;
      const sms = kinds.find((kind) => kind.kind === 'sms');
      expect(sms?.providers.find((form) => form.provider === 'providerOne')?.fields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'apiToken', secret: true, required: true }),
          expect.objectContaining({ name: 'senderNumber', secret: false }),
        ]),
      );
      expect((await query('providerConfigs.forms', undefined, member)).status).toBe(403);
    });

    it('sends a test message through one config, and says why when the provider refuses it', async () => {
      const created = await mutation('providerConfigs.create', {
        kind: 'sms',
        name: 'Tested SMS',
        provider: 'providerOne',
        apiToken: TOKEN,
        senderNumber: '3000',
        baseUrl: provider.url,
      });
      const { id } = created.data as Config;
      const before = provider.requests.length;
      const sent = await mutation('providerConfigs.test', { kind: 'sms', id, to: '+15550123' });
      expect(sent.data).toMatchObject({ delivered: true });
      expect(provider.requests.length).toBe(before + 1);
      expect(provider.requests.at(-1)?.query).toMatchObject({ receptor: '+15550123', sender: '3000' });
      expect(provider.requests.at(-1)?.query.message).toContain('Tested SMS');

      provider.failNext(401);
      const refused = await mutation('providerConfigs.test', { kind: 'sms', id, to: '+15550123' });
      expect(refused.status).toBe(200);
      expect(refused.data).toMatchObject({ delivered: false });
      expect(JSON.stringify(refused.data)).not.toContain(TOKEN);

      expect((await mutation('providerConfigs.test', { kind: 'sms', id, to: ' ' })).status).toBe(422);
      expect((await mutation('providerConfigs.test', { kind: 'call', id, to: '+1555' })).status).toBe(404);
      expect((await mutation('providerConfigs.test', { kind: 'sms', id, to: '+1555' }, member)).status).toBe(
        403,
      );
      await mutation('providerConfigs.delete', { kind: 'sms', id });
    });

    it('moves the default and backup roles', async () => {
      const sms = async (name: string) =>
        (
          await mutation('providerConfigs.create', {
            kind: 'sms',
            name,
            provider: 'providerOne',
            apiToken: TOKEN,
            senderNumber: '3000',
          })
        ).data as Config;
      const a = await sms('a');
      const b = await sms('b');
      expect((await mutation('providerConfigs.makeDefault', { kind: 'sms', id: b.id })).data).toMatchObject({
        isDefault: true,
      });
      expect((await mutation('providerConfigs.makeBackup', { kind: 'sms', id: a.id })).data).toMatchObject({
        isBackup: true,
        isDefault: false,
      });
      const list = (await query('providerConfigs.list', { kind: 'sms' })).data as Config[];
      expect(list.map((c) => [c.id, c.isDefault, c.isBackup])).toEqual([
        [b.id, true, false],
        [a.id, false, true],
      ]);
      expect((await mutation('providerConfigs.makeDefault', { kind: 'sms', id: UNKNOWN_ID })).status).toBe(
        404,
      );
    });

    it('refuses unknown fields, a missing or wrong kind, and invalid fields, with paths', async () => {
      const extra = await mutation('providerConfigs.create', {
        kind: 'call',
        name: 'x',
        provider: 'providerOne',
        apiToken: TOKEN,
        isDefault: true,
      });
      expect(extra.status).toBe(422);
      expect(extra.error?.data.fieldErrors).toEqual({ isDefault: ['The isDefault field is not allowed.'] });

      const noKind = await mutation('providerConfigs.create', { name: 'x' });
      expect(noKind.error?.data.fieldErrors).toEqual({ kind: ['The kind field is required.'] });
      const badKind = await query('providerConfigs.list', { kind: 'fax' });
      expect(badKind.error?.data.fieldErrors).toEqual({ kind: ['The selected kind is invalid.'] });

      const email = await mutation('providerConfigs.create', { kind: 'email', name: 'Mail', port: 'x' });
      expect(email.status).toBe(422);
      expect(Object.keys(email.error?.data.fieldErrors ?? {}).sort()).toEqual([
        'fromAddress',
        'host',
        'port',
      ]);
    });

    it('forbids members and refuses anonymous callers', async () => {
      const member403 = await query('providerConfigs.list', { kind: 'sms' }, member);
      expect(member403.status).toBe(403);
      expect(member403.error?.data).toMatchObject({ code: 'FORBIDDEN', domainCode: 'forbidden' });
      const anonymous = await rpc.query('configs.providerConfigs.list', { kind: 'sms' });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('messengerProxies', () => {
    it('creates inactive, activates one at a time, lists active first, deactivates', async () => {
      const create = async (name: string) =>
        (
          await mutation('messengerProxies.create', {
            name,
            type: 'http',
            host: 'proxy.local',
            port: '3128',
            password: 'proxy-pass-5555',
          })
        ).data as Config & { isActive: boolean; password: string };
      const one = await create('one');
      const two = await create('two');
      expect(one).toMatchObject({ isActive: false, password: '********5555' });

      await mutation('messengerProxies.activate', { id: one.id });
      await mutation('messengerProxies.activate', { id: two.id });
      const listed = (await query('messengerProxies.list', { name: 'o' })).data as Array<{
        id: string;
        isActive: boolean;
      }>;
      expect(listed.map((p) => [p.id, p.isActive])).toEqual([
        [two.id, true],
        [one.id, false],
      ]);
      expect((await query('messengerProxies.list')).data).toHaveLength(2);

      expect((await mutation('messengerProxies.deactivate')).data).toMatchObject({ id: two.id });
      expect((await mutation('messengerProxies.deactivate')).data).toBeNull();

      const updated = await mutation('messengerProxies.update', {
        id: one.id,
        name: 'uno',
        // Issue #12: a new type, host or port would need the password again.
        type: 'http',
        host: 'proxy.local',
        port: '3128',
      });
      expect(updated.data).toMatchObject({ name: 'uno', type: 'http', password: '********5555' });
      expect((await query('messengerProxies.get', { id: one.id })).data).toMatchObject({ name: 'uno' });
      expect((await mutation('messengerProxies.delete', { id: one.id })).status).toBe(200);
      expect((await query('messengerProxies.get', { id: one.id })).status).toBe(404);
    });

    it('refuses unknown fields and members', async () => {
      const extra = await mutation('messengerProxies.create', {
        name: 'x',
        type: 'http',
        host: 'h',
        port: '1',
        isActive: true,
      });
      expect(extra.error?.data.fieldErrors).toEqual({ isActive: ['The isActive field is not allowed.'] });
      expect((await mutation('messengerProxies.deactivate', undefined, member)).status).toBe(403);
    });
  });

  describe('cluster', () => {
    it('answers defaults, saves an agent with the token masked, and validates by type', async () => {
      expect((await query('cluster.get')).data).toEqual({ type: 'main', sourceUrl: '', sourceToken: '' });
      const saved = await mutation('cluster.save', {
        type: 'agent',
        sourceUrl: 'https://main.example.com',
        sourceToken: 'cluster-token-6666',
      });
      expect(saved.data).toEqual({
        type: 'agent',
        sourceUrl: 'https://main.example.com',
        sourceToken: '********6666',
      });
      const invalid = await mutation('cluster.save', { type: 'agent', sourceUrl: 'nope', zone: 'x' });
      expect(invalid.error?.data.fieldErrors).toEqual({
        sourceUrl: ['The source url must be a valid http or https URL.'],
        zone: ['The zone field is not allowed.'],
      });
      expect((await mutation('cluster.save', {})).error?.data.fieldErrors).toEqual({
        type: ['The type field is required.'],
      });
      expect((await query('cluster.get', undefined, member)).status).toBe(403);
    });
  });

  it('never shows a raw secret', () => {
    for (const secret of [TOKEN, 'proxy-pass-5555', 'cluster-token-6666']) {
      expect(bodies.filter((body) => body.includes(secret))).toEqual([]);
    }
  });
});
