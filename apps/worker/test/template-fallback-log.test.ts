import { describe, expect, it } from 'vitest';
import { logTemplateFallbacks } from '../src/template-fallback-log';

describe('template fallbacks on the worker', () => {
  it('are logged as a warning naming the event, endpoint, behavior rule and reason', () => {
    const lines: Array<{ message: string; meta: unknown }> = [];
    const report = logTemplateFallbacks({ warn: (message, meta) => lines.push({ message, meta }) });
    report({
      alertEventId: 'ev1',
      endpointId: 'ep1',
      behaviorRuleId: 'br1',
      reason: 'template work limit exceeded (line 1)',
    });
    expect(lines).toEqual([
      {
        message: 'a template failed to render at send time; the default message was sent',
        meta: {
          alertEventId: 'ev1',
          endpointId: 'ep1',
          behaviorRuleId: 'br1',
          reason: 'template work limit exceeded (line 1)',
        },
      },
    ]);
  });
});
