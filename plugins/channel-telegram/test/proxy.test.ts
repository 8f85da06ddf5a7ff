import {
  type FakeBotApi,
  type FakeProxy,
  startFakeBotApi,
  startFakeHttpProxy,
  startFakeSocks5Proxy,
} from '@oncall/fakes';
import { createHostFetch, type HostFetch } from '@oncall/net-guard';
import { createTestContext, sampleMessage } from '@oncall/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import telegram from '../src';

const credentials = { username: 'relay', password: 'relay-secret' };

describe.each([
  ['http', startFakeHttpProxy],
  ['socks5', startFakeSocks5Proxy],
] as const)('telegram through a %s messenger proxy', (type, startProxy) => {
  let bot: FakeBotApi;
  let proxy: FakeProxy;
  let hostFetch: HostFetch;

  beforeEach(async () => {
    bot = await startFakeBotApi();
    proxy = await startProxy({ credentials });
    hostFetch = createHostFetch({
      allowPrivateTargets: true,
      proxy: { type, host: proxy.host, port: proxy.port, ...credentials },
    });
  });

  afterEach(async () => {
    await hostFetch.close();
    await proxy.close();
    await bot.close();
  });

  it('delivers through the proxy, authenticated', async () => {
    const instance = await telegram.create(
      telegram.configSchema.parse({ apiBase: bot.url }),
      createTestContext({ fetch: hostFetch.fetch }),
    );
    const result = await instance.send(sampleMessage('alert'), {
      idempotencyKey: 'k',
      destination: telegram.destinationSchema.parse({ chatId: '42', botToken: '123:proxy' }),
    });
    expect(result.providerMessageId).toBeDefined();
    expect(proxy.connections).toEqual([
      { method: 'CONNECT', target: new URL(bot.url).host, username: credentials.username },
    ]);
    expect(bot.sentMessages().map((call) => call.payload.chat_id)).toEqual(['42']);
  });
});
