import { startFakeBotApi } from '@oncall/fakes';
import { createHostFetch } from '@oncall/net-guard';
import { httpStatusOf, runChannelContractTests } from '@oncall/plugin-sdk/testing';
import telegram from '../src';

runChannelContractTests(telegram, {
  signalsRateLimits: true,
  async start() {
    const bot = await startFakeBotApi();
    const hostFetch = createHostFetch({ allowPrivateTargets: true });
    return {
      config: { apiBase: bot.url },
      destination: { chatId: '-1001234567890', threadId: '7', botToken: '123456:contract' },
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
