import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import {
  createTestContext,
  httpStatusOf,
  runChannelContractTests,
  sampleMessage,
} from '@oncall/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import call from '../src';

runChannelContractTests(call, {
  signalsRateLimits: true,
  async start() {
    const fake = await startFakeProviderOne();
    return {
      config: { apiToken: 'contract-token', baseUrl: fake.url },
      destination: { value: '+989121234567' },
      deliveries: () => fake.requests.length,
      failNext: (failure) =>
        fake.failNext(httpStatusOf(failure), {
          retryAfterSeconds: failure.kind === 'rate_limited' ? failure.retryAfterSeconds : undefined,
        }),
      close: () => fake.close(),
    };
  },
});

describe('call-providerone', () => {
  let fake: FakeProviderOne;

  beforeEach(async () => {
    fake = await startFakeProviderOne();
  });

  afterEach(async () => {
    await fake.close();
  });

  it('asks for a text-to-speech call with the headline and body, without links', async () => {
    const instance = await call.create(
      call.configSchema.parse({ apiToken: 'tok', baseUrl: fake.url }),
      createTestContext(),
    );
    const result = await instance.send(sampleMessage('alert'), {
      idempotencyKey: 'evt-1:ep-2:0:0',
      destination: { value: '09121234567' },
    });
    expect(fake.requests).toEqual([
      {
        apiToken: 'tok',
        method: 'call/maketts',
        query: {
          receptor: '09121234567',
          message: 'CRITICAL: Disk almost full on db-1\nFree space is 3% on /var/lib/postgresql.',
        },
      },
    ]);
    expect(result.providerMessageId).toMatch(/^\d+$/);
  });

  it('needs only the API token', () => {
    expect(call.configSchema.parse({ apiToken: 'tok' })).toEqual({
      apiToken: 'tok',
      baseUrl: 'https://api.kavenegar.com',
    });
  });
});
