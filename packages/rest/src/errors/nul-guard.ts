import { findNulPath, NUL_MESSAGE } from '@oncall/contracts';
import { validationFailed } from '@oncall/core';
import type { FastifyInstance } from 'fastify';

/** Refuses NUL characters anywhere in a REST request's body, query or path at their field path. */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = findNulPath(request.body) ?? findNulPath(request.query) ?? findNulPath(request.params);
    if (path !== undefined) throw validationFailed({ [path || 'body']: [NUL_MESSAGE] });
  });
}
