import { apiAlertBody, bearerToken, ingestAnswerSchema, statusAlertBody } from '@oncall/contracts';
import { type Core, unauthenticated } from '@oncall/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typed } from './route-context';

const tags = ['ingestion'];
const security: Array<Record<string, string[]>> = [
  { ruleToken: [] },
  { ruleTokenHeader: [] },
  { ruleTokenQuery: [] },
];

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
  // The token is checked when the request arrives, before its body is read: a missing or bad token
  // is a 401 whatever the body. The rule it finds is cached, so the handler reads it for free.
  const api = {
    onRequest: async (request: FastifyRequest) => core.ingestion.authenticate(ruleToken(request), 'api'),
  };
  const notification = {
    onRequest: async (request: FastifyRequest) =>
      core.ingestion.authenticate(ruleToken(request), 'notification'),
  };
  const schema = { tags, security, body: apiAlertBody, response: { 200: ingestAnswerSchema } };
  r.post('/fire-alert', { schema, ...api }, (request) =>
    core.ingestion.fire(ruleToken(request), request.body),
  );
  r.post('/resolve-alert', { schema, ...api }, (request) =>
    core.ingestion.resolve(ruleToken(request), request.body),
  );
  r.post('/stop-alert', { schema, ...api }, (request) =>
    core.ingestion.resolve(ruleToken(request), request.body),
  );
  r.post('/notification-alert', { schema, ...notification }, (request) =>
    core.ingestion.notification(ruleToken(request), request.body),
  );
  r.post('/status-alert', { schema: { ...schema, body: statusAlertBody }, ...api }, (request) =>
    core.ingestion.status(ruleToken(request), request.body),
  );
}
