import { BUILT_IN_PLUGINS } from '@oncall/built-ins';
import { createPluginRegistry } from '@oncall/core/testing';
import { defineChannel, z } from '@oncall/plugin-sdk';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

/** A third-party channel with an endpoint type of its own, known to the host only by what it declares. */
const pagerHook = defineChannel({
  id: 'pager-hook',
  displayName: 'Pager hook',
  configSchema: z.object({}),
  secretFields: [],
  destinationSchema: z.object({
    serverUrl: z.url({ protocol: /^https?$/ }),
    topic: z
      .string()
      .regex(/^[a-z]+$/, 'lowercase letters only')
      .meta({ title: 'Topic', description: 'Where the pager listens.', examples: ['ops'] }),
    accessToken: z.string().min(1).optional(),
  }),
  destinationSecretFields: ['accessToken'],
  capabilities: { otp: false, acknowledge: 'link', messengerProxy: false, lane: 'chat' },
  serves: { endpointType: 'pager-hook' },
  create: () => ({ send: async () => ({}) }),
});

interface Field {
  name: string;
  label: string;
  kind: string;
  required: boolean;
  secret: boolean;
  nullable: boolean;
  format?: string;
  examples?: string[];
}
interface Form {
  type: string;
  label: string;
  otp: boolean;
  lane: string | null;
  steps: boolean;
  fields: Field[];
}

describe('tRPC endpoints.types', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;

  beforeAll(async () => {
    const plugins = createPluginRegistry(BUILT_IN_PLUGINS, {
      channels: [{ packageName: '@acme/pager-hook', definition: pagerHook }],
      sources: [],
    });
    t = await createTestCore({}, { plugins });
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    const login = await rpc.mutation('auth.login', { username: ADMIN.username, password: ADMIN.password });
    admin = (login.data as { accessToken: string }).accessToken;
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const forms = async () => {
    const answer = await rpc.query('endpoints.types', undefined, admin);
    expect(answer.status).toBe(200);
    return answer.data as Form[];
  };

  it('answers every type of the catalog in its order, labelled by its plugin, flow last', async () => {
    const answer = await forms();
    expect(answer.map((form) => [form.type, form.label, form.otp, form.lane, form.steps])).toEqual([
      ['sms', 'SMS', true, 'page', false],
      ['call', 'Voice call', true, 'page', false],
      ['email', 'Email', true, 'email', false],
      ['telegram', 'Telegram', false, 'chat', false],
      ['bale', 'Bale', false, 'chat', false],
      ['teams', 'Microsoft Teams', false, 'chat', false],
      ['matter-most', 'Mattermost', false, 'chat', false],
      ['pager-hook', 'Pager hook', false, 'chat', false],
      ['flow', 'Flow (escalation steps)', false, null, true],
    ]);
    expect(answer.find((form) => form.type === 'flow')?.fields).toEqual([]);
  });

  it('gives a plugin type the fields of its destination schema, secrets marked', async () => {
    const hook = (await forms()).find((form) => form.type === 'pager-hook');
    expect(hook?.fields).toEqual([
      {
        name: 'serverUrl',
        label: 'Server URL',
        kind: 'text',
        required: true,
        format: 'uri',
        secret: false,
        nullable: false,
      },
      {
        name: 'topic',
        label: 'Topic',
        description: 'Where the pager listens.',
        examples: ['ops'],
        kind: 'text',
        required: true,
        secret: false,
        nullable: false,
      },
      {
        name: 'accessToken',
        label: 'Access token',
        kind: 'text',
        required: false,
        secret: true,
        nullable: false,
      },
    ]);
  });

  it('names the built-in types’ fields as their inputs take them, with the titles their plugins give', async () => {
    const answer = await forms();
    const fields = (type: string) =>
      answer
        .find((form) => form.type === type)
        ?.fields.map(({ name, label, required, secret, nullable, format }) => ({
          name,
          label,
          required,
          secret,
          nullable,
          ...(format ? { format } : {}),
        }));
    expect(fields('sms')).toEqual([
      { name: 'value', label: 'Phone number', required: true, secret: false, nullable: false, format: 'tel' },
    ]);
    expect(fields('email')).toEqual([
      {
        name: 'value',
        label: 'Email address',
        required: true,
        secret: false,
        nullable: false,
        format: 'email',
      },
    ]);
    // A webhook URL is a secret its managers read back: the form shows it to whoever edits.
    expect(fields('teams')).toEqual([
      { name: 'value', label: 'Webhook URL', required: true, secret: false, nullable: false, format: 'uri' },
    ]);
    expect(fields('telegram')).toEqual([
      { name: 'chatId', label: 'Chat id', required: true, secret: false, nullable: false },
      { name: 'threadId', label: 'Thread id', required: false, secret: false, nullable: true },
      { name: 'botToken', label: 'Bot token', required: true, secret: true, nullable: false },
    ]);
    expect(answer.find((form) => form.type === 'telegram')?.fields[0]?.examples).toEqual([
      '-1001234567890',
      '@channel',
    ]);
  });

  it('creates and updates an endpoint of the plugin type with the fields it answered', async () => {
    const created = await rpc.mutation(
      'endpoints.create',
      {
        type: 'pager-hook',
        name: 'Pager',
        serverUrl: 'https://pager.example.com',
        topic: 'ops',
        accessToken: 'tok-1234',
      },
      admin,
    );
    expect(created.status).toBe(200);
    const endpoint = created.data as Record<string, unknown>;
    expect(endpoint).toMatchObject({
      type: 'pager-hook',
      serverUrl: 'https://pager.example.com',
      topic: 'ops',
    });
    expect(endpoint.accessToken).not.toBe('tok-1234');

    // A field the plugin refuses is a 422 at its name; the secret left out on update is kept.
    const refused = await rpc.mutation(
      'endpoints.update',
      {
        id: endpoint.id,
        type: 'pager-hook',
        name: 'Pager',
        serverUrl: 'https://pager.example.com',
        topic: 'Ops!',
      },
      admin,
    );
    expect(refused.status).toBe(422);
    expect(refused.error?.data.fieldErrors).toEqual({ topic: ['lowercase letters only'] });
    const updated = await rpc.mutation(
      'endpoints.update',
      {
        id: endpoint.id,
        type: 'pager-hook',
        name: 'Pager 2',
        serverUrl: 'https://pager.example.com',
        topic: 'ops',
      },
      admin,
    );
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({
      name: 'Pager 2',
      topic: 'ops',
      accessToken: endpoint.accessToken,
    });
  });
});
