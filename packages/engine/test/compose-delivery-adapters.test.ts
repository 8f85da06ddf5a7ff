import { randomBytes } from 'node:crypto';
import { loadPluginRegistry } from '@oncall/built-ins';
import { AlertRule, Endpoint, User } from '@oncall/core/persistence';
import { createTestCore, RecordingOrchestrator, type TestCore } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertMessagesFor,
  composeDeliveryAdapters,
  type DeliveryCompositionConfig,
} from '../src/compose/compose-delivery-adapters';

const PUBLIC_URL = 'https://oncall.example.com';

describe('the delivery composition the server and the worker share', () => {
  let t: TestCore;
  const orchestrator = new RecordingOrchestrator();
  beforeAll(async () => {
    t = await createTestCore({ publicUrl: PUBLIC_URL }, { orchestrator });
  });
  afterAll(() => t.dispose());

  /** What the application configuration says, over the test core's own secrets. */
  const config = (): DeliveryCompositionConfig => ({
    encryptionKey: t.settings.encryptionKey,
    jwtSecret: t.settings.jwtSecret,
    auth: { ackLinkTtlSeconds: 3600 },
    http: { publicUrl: PUBLIC_URL },
    delivery: { allowPrivateTargets: false, groupIntervalSeconds: 0 },
  });

  it('renders acknowledge links the core accepts, though signed outside it', async () => {
    const em = t.core.orm.em.fork();
    const admin = await em.findOneOrFail(User, { isSystemAdmin: true });
    const token = `ak_${randomBytes(32).toString('base64url')}`;
    const rule = em.create(AlertRule, {
      name: 'Disk space',
      type: 'api',
      owner: admin,
      settings: {},
      showAcknowledgeBtn: true,
      tokenHash: t.core.secretBox.lookupHash(token),
      sealedToken: t.core.secretBox.encrypt(token),
    });
    const endpoint = em.create(Endpoint, {
      name: 'ops mail',
      type: 'email',
      destination: { value: 'ops@example.com' },
      owner: admin,
    });
    rule.endpoints.add(endpoint);
    await em.flush();
    await t.core.ingestion.fire(token, { alertname: 'disk_full', instance: 'db-1' });
    const page = orchestrator.calls.find((c) => c.type === 'notify' && c.endpointId === endpoint.id);
    if (page?.type !== 'notify') throw new Error('the fire pages the endpoint');

    const message = await alertMessagesFor(config(), t.database.db.orm).messageFor(page);
    const link = new URL(message?.acknowledgeUrl ?? '');
    expect(link.origin).toBe(PUBLIC_URL);
    const { acknowledgedNow } = await t.core.ackLinkActions.acknowledge(link.pathname.slice('/ack/'.length));
    expect(acknowledgedNow).toBe(true);
  });

  it('loads the channel plugins CHANNEL_PLUGINS names, failing on one it cannot use', async () => {
    const adapters = composeDeliveryAdapters(config(), t.database.db.orm, await loadPluginRegistry());
    await adapters.close();
    await expect(loadPluginRegistry({ channelPackages: ['@oncall/no-such-channel'] })).rejects.toThrow(
      /@oncall\/no-such-channel/,
    );
  });
});
