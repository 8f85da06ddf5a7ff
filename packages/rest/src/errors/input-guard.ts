import { findInputFault } from '@oncall/contracts';
import { validationFailed } from '@oncall/core';
import type { FastifyInstance } from 'fastify';

/**
 * Refuses bodies nested too deep (at `body`) and NUL characters (at their field path) in a REST
 * request's body, query or path, before any schema or handler walks them.
 */
export function rejectUnsafeInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const fault =
      findInputFault(request.body) ?? findInputFault(request.query) ?? findInputFault(request.params);
    if (fault !== undefined) throw validationFailed({ [fault.path || 'body']: [fault.message] });
  });
}
