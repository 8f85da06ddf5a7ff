import swagger from '@fastify/swagger';
import { restOpenApiTransforms } from '@oncall/rest';
import type { FastifyInstance } from 'fastify';

/** The OpenAPI document is generated from the same zod schemas that validate the requests. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Alert management and notification service', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          ruleToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The rule token of an api or notification rule',
          },
          ruleTokenHeader: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Token',
            description: 'The rule token, for senders that cannot set a bearer token',
          },
          ruleTokenQuery: {
            type: 'apiKey',
            in: 'query',
            name: 'token',
            description: 'The rule token in the query, for senders that can only set a URL',
          },
          zoneToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "An agent zone's token (`zt_…`), given once when the zone was registered on the main",
          },
          dataSourceToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A data source's webhook token, as Prometheus sends `authorization.credentials` (Basic with the token as password works too)",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    // The document describes the REST contract; tRPC and GraphQL describe themselves.
    ...restOpenApiTransforms(),
  });
}

export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
