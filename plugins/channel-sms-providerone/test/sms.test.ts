import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import {
  createTestContext,
  httpStatusOf,
  runChannelContractTests,
  sampleMessage,
} from '@oncall/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sms from '../src';

runChannelContractTests(sms, {
  signalsRateLimits: true,
  async start() {
    const fake = await startFakeProviderOne();
    return {
      config: { apiToken: 'contract-token', senderNumber: '10004346', baseUrl: fake.url },
      destination: { value: '09121234567' },
      deliveries: () => fake.requests.length,
      failNext: (failure) =>
        fake.failNext(httpStatusOf(failure), {
          retryAfterSeconds: failure.kind === 'rate_limited' ? failure.retryAfterSeconds : undefined,
        }),
      close: () => fake.close(),
    };
  },
});

describe('sms-providerone', () => {
  let fake: FakeProviderOne;
  const send = async (message = sampleMessage('alert'), receptor = '0912 123-4567') => {
    const config = sms.configSchema.parse({ apiToken: 'tok', senderNumber: '10004346', baseUrl: fake.url });
    const instance = await sms.create(config, createTestContext());
    return instance.send(message, {
      idempotencyKey: 'evt-1:ep-1:0:0',
      destination: sms.destinationSchema.parse({ value: receptor }),
    });
  };

  beforeEach(async () => {
    fake = await startFakeProviderOne();
  });

  afterEach(async () => {
    await fake.close();
  });

  it('sends compact text with the acknowledge link from the configured sender', async () => {
    const result = await send();
    expect(fake.requests).toEqual([
      {
        apiToken: 'tok',
        method: 'sms/send',
        query: {
          sender: '10004346',
          receptor: '09121234567',
          message: [
            'CRITICAL: Disk almost full on db-1',
            'Free space is 3% on /var/lib/postgresql.',
            'Dashboard: https://dashboards.example.com/d/disk',
            'Acknowledge: https://oncall.example.com/api/v1/alert-rule/acknowledgeL/rule-1?token=signed',
          ].join('\n'),
        },
      },
    ]);
    expect(result.providerMessageId).toMatch(/^\d+$/);
  });

  it('sends a one-time code as the bare code text', async () => {
    await send(sampleMessage('otp'));
    expect(fake.requests[0]?.query.message).toBe('Your verification code is 482913');
  });

  it('keeps long alerts within one compact message, acknowledge link included', async () => {
    await send({ ...sampleMessage('alert'), links: [], body: 'ش'.repeat(2000) });
    const text = fake.requests[0]?.query.message ?? '';
    expect(Array.from(text).length).toBeLessThanOrEqual(480);
    expect(text).toContain('Acknowledge: https://oncall.example.com/');
  });

  it('defaults to the public providerOne API', () => {
    expect(sms.configSchema.parse({ apiToken: 't', senderNumber: '1' }).baseUrl).toBe(
      'https://api.kavenegar.com',
    );
  });

  it('rejects destinations that are not phone numbers', () => {
    expect(sms.destinationSchema.safeParse({ value: 'alice@example.com' }).success).toBe(false);
  });
});
