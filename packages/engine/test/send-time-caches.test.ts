import { randomBytes } from 'node:crypto';
import { loadPluginRegistry } from '@oncall/built-ins';
import { Endpoint, sealJson, User } from '@oncall/core/persistence';
import { createDeliveryTargets, createNotificationRoutes } from '@oncall/core/testing';
import { createTestCore, type TestCore } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedAlertMessages } from '../src/testing/index';

const BOT_TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';

// The routes and destinations every send reads are reused for a few seconds (another process's
// edit reaches pages within that); an edit this process writes reaches its next page at once.
describe('the send-time caches after an edit in this process', () => {
  let t: TestCore;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestCore({ publicUrl: 'https://oncall.example.com/' });
    adminId = (await t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function seedTelegramEndpoint(chatId: string): Promise<string> {
    const em = t.core.orm.em.fork();
    const endpoint = em.create(Endpoint, {
      name: `chat ${randomBytes(3).toString('hex')}`,
      type: 'telegram',
      destination: { chatId },
      sealedDestination: sealJson(t.core.secretBox, { botToken: BOT_TOKEN }),
      owner: adminId,
    });
    await em.flush();
    return endpoint.id;
  }

  it('routes an endpoint deleted here nowhere, before its route would expire', async () => {
    const routes = createNotificationRoutes(t.core.orm, { plugins: await loadPluginRegistry() });
    const endpointId = await seedTelegramEndpoint('-1001');
    expect(await routes.routeOf(endpointId)).toMatchObject({ kind: 'deliver', lane: 'chat' });
    await t.core.orm.em.fork().transactional(async (tx) => {
      tx.remove(await tx.findOneOrFail(Endpoint, endpointId));
    });
    expect(await routes.routeOf(endpointId)).toBeNull();
  });

  it('sends to the destination an endpoint was just edited to', async () => {
    const targets = createDeliveryTargets({
      orm: t.core.orm,
      box: t.core.secretBox,
      plugins: await loadPluginRegistry(),
      alertMessages: fixedAlertMessages(),
    });
    const endpointId = await seedTelegramEndpoint('-1002');
    const destinationOf = async () => {
      const lookup = await targets.resolve({
        notification: { kind: 'alert', alertEventId: 'any', endpointId },
        providerConfigId: 'direct',
      });
      return lookup.kind === 'send' ? lookup.target.destination : lookup.reason;
    };
    expect(await destinationOf()).toMatchObject({ chatId: '-1002' });
    const em = t.core.orm.em.fork();
    const endpoint = await em.findOneOrFail(Endpoint, endpointId);
    endpoint.destination = { chatId: '-1003' };
    await em.flush();
    expect(await destinationOf()).toMatchObject({ chatId: '-1003' });
  });
});
