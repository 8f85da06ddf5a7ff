import type { TemplateFallback } from '@oncall/core';
import type { Logger } from '@temporalio/worker';

/**
 * Tells the worker's log of each send whose template failed at send time (a render bound or a
 * runtime error): the default message went, and the rule owner's template needs a look. The server
 * logs the same at the same level; the fallback names ids and the reason, never message content.
 */
export function logTemplateFallbacks(logger: Pick<Logger, 'warn'>): (fallback: TemplateFallback) => void {
  return (fallback) =>
    logger.warn('a template failed to render at send time; the default message was sent', { ...fallback });
}
