import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Where people browse the REST document; the JSON itself is at `/api/v1/openapi.json`. */
export const API_DOCS_PATH = '/api/v1/docs';

/**
 * The page and everything it loads come from this server (the viewer's files ship in the
 * package): no CDN, no validator badge calling out, and a policy that says so.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // The viewer sets style attributes as it renders.
  "style-src 'self' 'unsafe-inline'",
].join('; ');

/** Swagger UI over the OpenAPI document, served from this server's own files. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    staticCSP: DOCS_CSP,
    validatorUrl: false,
    uiConfig: { deepLinking: true, persistAuthorization: false, tryItOutEnabled: false },
    theme: { title: 'Alert management and notification service: REST API' },
  });
}
