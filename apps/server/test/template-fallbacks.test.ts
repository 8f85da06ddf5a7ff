import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createTemplateFallbackCounter } from '../src/metrics/template-fallbacks';

describe('template fallback counter', () => {
  it('counts sends whose template failed by cause: a render bound, or another error', async () => {
    const registry = new Registry();
    const count = createTemplateFallbackCounter(registry);
    const fallback = { alertEventId: 'e', endpointId: 'p', behaviorRuleId: 'b' };
    count({
      ...fallback,
      reason: 'Line 1: sort_natural: an array of 20000 elements is over the 10000 allowed',
    });
    count({ ...fallback, reason: 'template render limit exceeded' });
    count({ ...fallback, reason: 'template work limit exceeded' });
    count({ ...fallback, reason: 'Line 3: undefined variable: x' });
    const text = await registry.metrics();
    expect(text).toContain('oncall_template_fallbacks_total{cause="bound"} 3');
    expect(text).toContain('oncall_template_fallbacks_total{cause="error"} 1');
  });
});
