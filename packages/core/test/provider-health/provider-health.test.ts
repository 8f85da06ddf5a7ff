import { describe, expect, it } from 'vitest';
import { type ProviderConfigRun, planProviderHealth } from '../../src/provider-health/provider-health';

const threshold = { attempts: 3, afterMs: 5 * 60_000 };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 6, minute));
const run = (failed: number, fromMinute: number, toMinute: number): ProviderConfigRun => ({
  id: 'c1',
  kind: 'sms',
  name: 'primary',
  failed,
  since: failed === 0 ? null : at(fromMinute),
  last: failed === 0 ? null : at(toMinute),
  lastError: 'invalid api key',
});

describe('planProviderHealth', () => {
  it('fires only when both the count and the span of the failed attempts reach the threshold', () => {
    expect(planProviderHealth(run(2, 0, 30), false, threshold)).toBeNull();
    expect(planProviderHealth(run(50, 0, 4), false, threshold)).toBeNull();
    const fired = planProviderHealth(run(3, 0, 5), false, threshold);
    expect(fired).toMatchObject({
      fingerprint: 'provider_config:c1',
      state: 'critical',
      kind: 'fired',
      instance: 'sms: primary',
      labels: { oncall_condition: 'provider_failing', provider_kind: 'sms' },
    });
    expect(fired?.description).toContain('invalid api key');
  });

  it('leaves a firing config alone while it fails, and resolves it once it delivers', () => {
    expect(planProviderHealth(run(9, 0, 60), true, threshold)).toBeNull();
    expect(planProviderHealth(run(0, 0, 0), true, threshold)).toMatchObject({
      fingerprint: 'provider_config:c1',
      state: 'resolved',
    });
    expect(planProviderHealth(run(0, 0, 0), false, threshold)).toBeNull();
  });
});
