import { loadConfig } from '@oncall/config';
import { DEFAULT_RETRY_POLICIES } from '@oncall/engine';
import { describe, expect, it } from 'vitest';
import { deliveryRetryPolicies } from '../src/engine/delivery-retry-policies';

const configWith = (env: Record<string, string>) =>
  loadConfig({
    DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused',
    ENCRYPTION_KEY: 'ab'.repeat(32),
    JWT_SECRET: 'x'.repeat(40),
    ...env,
  }).delivery;

describe('deliveryRetryPolicies', () => {
  it('caps the Retry-After a page waits for at DELIVERY_MAX_RETRY_AFTER_SECONDS, a minute by default', () => {
    expect(deliveryRetryPolicies(configWith({})).alert.maxRetryAfterMs).toBe(60_000);
    const policies = deliveryRetryPolicies(configWith({ DELIVERY_MAX_RETRY_AFTER_SECONDS: '15' }));
    expect(policies.alert).toEqual({ ...DEFAULT_RETRY_POLICIES.alert, maxRetryAfterMs: 15_000 });
  });

  it('leaves one-time codes their own short cap', () => {
    const policies = deliveryRetryPolicies(configWith({ DELIVERY_MAX_RETRY_AFTER_SECONDS: '600' }));
    expect(policies.otp).toEqual(DEFAULT_RETRY_POLICIES.otp);
    expect(policies.otp.maxRetryAfterMs).toBe(5_000);
  });
});
