import { loadPluginRegistry } from '@oncall/built-ins';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

// The connection options through tRPC: the same use case as REST, with strict inputs.

describe('tRPC data sources', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;

  beforeAll(async () => {
    t = await createTestCore({}, { plugins: await loadPluginRegistry() });
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = ((await rpc.mutation('auth.login', ADMIN)).data as { accessToken: string }).accessToken;
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const base = { name: 'es', type: 'elastic', url: 'https://es.internal:9200' };

  it('creates and updates with the options, and shows them', async () => {
    const created = await rpc.mutation(
      'dataSources.create',
      { ...base, timeoutSeconds: 12, tlsServerName: 'es.internal' },
      admin,
    );
    expect(created.data).toMatchObject({
      timeoutSeconds: 12,
      tlsSkipVerify: false,
      caCertificate: null,
      tlsServerName: 'es.internal',
      pollIntervalSeconds: null,
    });
    const { id } = created.data as { id: string };
    const updated = await rpc.mutation('dataSources.update', { id, ...base, tlsSkipVerify: true }, admin);
    expect(updated.data).toMatchObject({
      timeoutSeconds: 12,
      tlsSkipVerify: true,
      tlsServerName: 'es.internal',
    });
  });

  it('refuses unknown fields, bad options and polling a type whose plugin does not poll, by field', async () => {
    const refused = async (input: Record<string, unknown>) => {
      const answer = await rpc.mutation('dataSources.create', { ...base, name: 'refused', ...input }, admin);
      expect(answer.error?.data.httpStatus, Object.keys(input).join()).toBe(422);
      return answer.error?.data.fieldErrors;
    };
    expect(await refused({ timeout: 5 })).toEqual({ timeout: ['The timeout field is not allowed.'] });
    expect(await refused({ caCertificate: 'x'.repeat(64 * 1024 + 1) })).toEqual({
      caCertificate: ['The ca certificate may not be greater than 65536 characters.'],
    });
    expect(await refused({ caCertificate: 'not a certificate' })).toEqual({
      caCertificate: ['The ca certificate must be a PEM certificate (-----BEGIN CERTIFICATE----- …).'],
    });
    expect(await refused({ pollIntervalSeconds: 30 })).toEqual({
      pollIntervalSeconds: [
        'The Elasticsearch source plugin does not poll alerts; leave the poll interval empty.',
      ],
    });
  });
});
