import { BUILT_IN_PLUGINS } from '@oncall/built-ins';
import { type AlertEventMessages, newId, SecretBox } from '@oncall/core';
import { Endpoint, sealJson } from '@oncall/core/persistence';
import { createDeliveryTargets, createNotificationRoutes, createPluginRegistry } from '@oncall/core/testing';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { defineChannel, z } from '@oncall/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeder } from './support/seed';

const ACK_URL = 'https://oncall.test/ack/token';

/** A plugin-defined channel the host knows only by what it declares: a page lane, no acknowledge link. */
const pagerHook = defineChannel({
  id: 'pager-hook',
  displayName: 'Pager hook',
  configSchema: z.object({}),
  secretFields: [],
  destinationSchema: z.object({ url: z.url(), key: z.string() }),
  destinationSecretFields: ['key'],
  capabilities: { otp: false, acknowledge: 'none', messengerProxy: false, lane: 'page' },
  serves: { endpointType: 'pager-hook' },
  create: () => ({ send: async () => ({}) }),
});

const plugins = createPluginRegistry(BUILT_IN_PLUGINS, {
  channels: [{ packageName: '@acme/pager-hook', definition: pagerHook }],
  sources: [],
});

const messagesWithLink: AlertEventMessages = {
  messageFor: async () => ({
    kind: 'alert',
    severity: 'critical',
    title: 'Disk almost full',
    body: '',
    acknowledgeUrl: ACK_URL,
  }),
};

describe('routes and send targets read the plugin registry', () => {
  let database: TestDatabase;
  const box = new SecretBox(Buffer.alloc(32, 6));
  let seed: ReturnType<typeof seeder>;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    seed = seeder(database.db.orm, box);
    userId = await seed.user();
  });
  afterAll(() => database.dispose());

  const routes = () => createNotificationRoutes(database.db.orm, { plugins, routeTtlMs: 0 });
  const targets = () =>
    createDeliveryTargets({
      orm: database.db.orm,
      box,
      plugins,
      alertMessages: messagesWithLink,
      endpointTtlMs: 0,
    });
  const pagerEndpoint = async () => {
    const em = database.db.orm.em.fork();
    const endpoint = em.create(Endpoint, {
      name: 'Pager',
      type: 'pager-hook',
      destination: { url: 'https://pager.example.com/hook' },
      sealedDestination: sealJson(box, { key: 'k-123' }),
      owner: userId,
    });
    await em.flush();
    return endpoint.id;
  };
  const resolve = (endpointId: string) =>
    targets().resolve({
      notification: { kind: 'alert', alertEventId: newId(), endpointId },
      providerConfigId: 'direct',
    });

  it('routes a plugin-defined type directly, in the lane its channel declares', async () => {
    const endpointId = await pagerEndpoint();
    expect(await routes().routeOf(endpointId)).toEqual({
      kind: 'deliver',
      chain: ['direct'],
      lane: 'page',
      ownerId: userId,
    });
  });

  it('sends to its channel with its destination, secrets opened, and no link it cannot offer', async () => {
    expect(await resolve(await pagerEndpoint())).toEqual({
      kind: 'send',
      target: {
        channelId: 'pager-hook',
        config: {},
        destination: { url: 'https://pager.example.com/hook', key: 'k-123' },
        message: { kind: 'alert', severity: 'critical', title: 'Disk almost full', body: '' },
      },
    });
  });

  it('keeps the acknowledge link for a channel that shows one', async () => {
    const telegram = await seed.endpoint(userId, 'telegram', { value: '-1001', botToken: '1:abc' });
    const lookup = await resolve(telegram);
    expect(lookup.kind === 'send' && lookup.target.message.acknowledgeUrl).toBe(ACK_URL);
  });

  it('has no provider chain for a kind no channel serves through provider configs', async () => {
    expect(await routes().chainForKind('pager-hook')).toBeNull();
  });
});
