import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the same zod schemas that validate the requests. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Alert management and notification service', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          ruleToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The rule token of an api or notification rule',
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
    transform: (input) =>
      input.url.startsWith('/api/v1/')
        ? jsonSchemaTransform(input)
        : { schema: { ...input.schema, hide: true }, url: input.url },
  });
}

export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
