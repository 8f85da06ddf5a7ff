import type { TemplateFallback } from '@oncall/core';
import { Counter, type Registry } from 'prom-client';

/** Whether a template failed on a render bound (time, allocations, filter work, array size) or otherwise. */
const BOUND = /(template render|memory alloc|template work) limit exceeded|elements is over the \d+ allowed/;

/**
 * Counts sends whose template failed (the default message went) for `/metrics`, by cause: a
 * render bound or another runtime error; a fixed set, never a rule id.
 */
export function createTemplateFallbackCounter(registry: Registry): (fallback: TemplateFallback) => void {
  const fallbacks = new Counter({
    name: 'oncall_template_fallbacks_total',
    help: 'Sends whose template failed to render, so the default message went, by cause (bound, error)',
    labelNames: ['cause'] as const,
    registers: [registry],
  });
  return (fallback) => fallbacks.inc({ cause: BOUND.test(fallback.reason) ? 'bound' : 'error' });
}
