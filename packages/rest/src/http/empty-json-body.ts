import type { FastifyInstance } from 'fastify';

/**
 * Reads a JSON request with an empty body as `{}`. Legacy clients (the original web UI among them)
 * send `Content-Type: application/json` with no body on every action that takes no input; any other
 * body is parsed, and refused when it is not JSON, exactly as before.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, done);
  });
}
