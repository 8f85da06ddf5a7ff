import { type FakeBotApi, type FakeProxy, startFakeBotApi, startFakeSocks5Proxy } from '@oncall/fakes';
import { createHostFetch, type HostFetch } from '@oncall/net-guard';
import {
  createTestContext,
  httpStatusOf,
  runChannelContractTests,
  sampleMessage,
} from '@oncall/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import bale from '../src';

runChannelContractTests(bale, {
  signalsRateLimits: true,
  async start() {
    const bot = await startFakeBotApi();
    const hostFetch = createHostFetch({ allowPrivateTargets: true });
    return {
      config: { apiBase: bot.url },
      destination: { chatId: '5123456789', botToken: '987654321:contract' },
      context: { fetch: hostFetch.fetch },
      deliveries: () => bot.sentMessages().length,
      failNext: (failure) =>
        bot.failNext(httpStatusOf(failure), {
          retryAfterSeconds: failure.kind === 'rate_limited' ? failure.retryAfterSeconds : undefined,
        }),
      async close() {
        await hostFetch.close();
        await bot.close();
      },
    };
  },
});

describe('bale', () => {
  let bot: FakeBotApi;

  beforeEach(async () => {
    bot = await startFakeBotApi();
  });

  afterEach(async () => {
    await bot.close();
  });

  it('sends plain text with the acknowledge button to the chat', async () => {
    const instance = await bale.create(bale.configSchema.parse({ apiBase: bot.url }), createTestContext());
    await instance.send(sampleMessage('alert'), {
      idempotencyKey: 'k',
      destination: bale.destinationSchema.parse({ chatId: '5123456789', botToken: '987:abc' }),
    });
    expect(bot.sentMessages()).toEqual([
      {
        botToken: '987:abc',
        method: 'sendMessage',
        payload: {
          chat_id: '5123456789',
          text: [
            'CRITICAL: Disk almost full on db-1',
            'Free space is 3% on /var/lib/postgresql.',
            'Dashboard: https://dashboards.example.com/d/disk',
          ].join('\n'),
          reply_markup: {
            inline_keyboard: [
              [
                {
                  text: 'Acknowledge',
                  url: 'https://oncall.example.com/api/v1/alert-rule/acknowledgeL/rule-1?token=signed',
                },
              ],
            ],
          },
        },
      },
    ]);
  });

  it("talks to Bale's Bot API by default", () => {
    expect(bale.configSchema.parse({})).toEqual({ apiBase: 'https://tapi.bale.ai' });
  });

  it('has no thread id in its destination', () => {
    expect(Object.keys(bale.destinationSchema.shape)).toEqual(['chatId', 'botToken']);
  });

  describe('through the messenger proxy', () => {
    let proxy: FakeProxy;
    let hostFetch: HostFetch;

    beforeEach(async () => {
      proxy = await startFakeSocks5Proxy();
      hostFetch = createHostFetch({
        allowPrivateTargets: true,
        proxy: { type: 'socks5', host: proxy.host, port: proxy.port },
      });
    });

    afterEach(async () => {
      await hostFetch.close();
      await proxy.close();
    });

    it('delivers through a SOCKS5 proxy', async () => {
      const instance = await bale.create(
        bale.configSchema.parse({ apiBase: bot.url }),
        createTestContext({ fetch: hostFetch.fetch }),
      );
      await instance.send(sampleMessage('test'), {
        idempotencyKey: 'k',
        destination: bale.destinationSchema.parse({ chatId: '5123456789', botToken: '987:abc' }),
      });
      expect(proxy.connections.map((connection) => connection.target)).toEqual([new URL(bot.url).host]);
      expect(bot.sentMessages()).toHaveLength(1);
    });
  });
});
