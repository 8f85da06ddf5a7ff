import { apiAlertBody, bearerToken, ingestAnswerSchema, statusAlertBody } from '@oncall/contracts';
import { type Core, unauthenticated } from '@oncall/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typed } from './route-context';

const tags = ['ingestion'];
const security: Array<Record<string, string[]>> = [{ ruleToken: [] }];

/** Every existing sender uses the bearer header; the header and query forms are accepted too. */
function ruleToken(request: FastifyRequest): string {
  const fromQuery = (request.query as { token?: unknown } | undefined)?.token;
  const header = request.headers['x-api-token'];
  const token =
    bearerToken(request.headers.authorization) ??
    (typeof header === 'string' && header ? header : undefined) ??
    (typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined);
  if (!token) throw unauthenticated('A rule token is required.');
  return token;
}

/** The API-style ingestion routes. Rule tokens, not access tokens: registered outside the session scope. */
export function ingestionRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  // A request without any token is refused before its body is looked at.
  app.addHook('onRequest', async (request) => {
    ruleToken(request);
  });
  const schema = { tags, security, body: apiAlertBody, response: { 200: ingestAnswerSchema } };
  r.post('/fire-alert', { schema }, (request) => core.ingestion.fire(ruleToken(request), request.body));
  r.post('/resolve-alert', { schema }, (request) => core.ingestion.resolve(ruleToken(request), request.body));
  r.post('/stop-alert', { schema }, (request) => core.ingestion.resolve(ruleToken(request), request.body));
  r.post('/notification-alert', { schema }, (request) =>
    core.ingestion.notification(ruleToken(request), request.body),
  );
  r.post('/status-alert', { schema: { ...schema, body: statusAlertBody } }, (request) =>
    core.ingestion.status(ruleToken(request), request.body),
  );
}
