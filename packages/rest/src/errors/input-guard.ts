import { findInputFault } from '@oncall/contracts';
import { validationFailed } from '@oncall/core';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body is a receiver's batch of alerts: its text that cannot be stored is judged alert by
     * alert further in (the webhook ingestion), so one bad alert does not refuse the others.
     */
    textJudgedPerAlert?: boolean;
  }
}

/**
 * Refuses bodies nested too deep (at `body`) and text that cannot be stored (NUL characters, lone
 * surrogates; at their field path) in a REST request's body, query or path, before any schema or
 * handler walks them.
 */
export function rejectUnsafeInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const text = request.routeOptions.config.textJudgedPerAlert !== true;
    const fault =
      findInputFault(request.body, { text }) ??
      findInputFault(request.query) ??
      findInputFault(request.params);
    if (fault !== undefined) throw validationFailed({ [fault.path || 'body']: [fault.message] });
  });
}
