import {
  createTestContext,
  httpStatusOf,
  runChannelContractTests,
  sampleMessage,
} from '@oncall/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import { startFakeNtfy } from './example/fake-ntfy';
import ntfy from './example/ntfy-channel';

runChannelContractTests(ntfy, {
  signalsRateLimits: true,
  async start() {
    const fake = await startFakeNtfy();
    return {
      config: { baseUrl: fake.url, accessToken: 'tk_test' },
      destination: { topic: 'oncall-db' },
      deliveries: () => fake.published.length,
      failNext: (failure) =>
        fake.failNext(
          httpStatusOf(failure),
          failure.kind === 'rate_limited' ? String(failure.retryAfterSeconds) : undefined,
        ),
      close: fake.close,
    };
  },
});

describe('ntfy channel', () => {
  it('publishes the headline, priority and an Acknowledge action', async () => {
    const fake = await startFakeNtfy();
    try {
      const config = ntfy.configSchema.parse({ baseUrl: fake.url, accessToken: 'tk_test' });
      const instance = await ntfy.create(config, createTestContext());
      const result = await instance.send(sampleMessage('alert'), {
        idempotencyKey: 'k1',
        destination: { topic: 'oncall-db' },
      });
      expect(result).toEqual({ providerMessageId: 'msg-1' });
      expect(fake.published).toEqual([
        {
          authorization: 'Bearer tk_test',
          json: {
            topic: 'oncall-db',
            title: 'CRITICAL: Disk almost full on db-1',
            message: 'Free space is 3% on /var/lib/postgresql.',
            priority: 5,
            actions: [
              {
                action: 'view',
                label: 'Acknowledge',
                url: 'https://oncall.example.com/api/v1/alert-rule/acknowledgeL/rule-1?token=signed',
                clear: true,
              },
            ],
          },
        },
      ]);
    } finally {
      await fake.close();
    }
  });
});
