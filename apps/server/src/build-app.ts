import { randomUUID } from 'node:crypto';
import type { Core } from '@oncall/core';
import { registerGraphql } from '@oncall/graphql';
import { restApi } from '@oncall/rest';
import { registerTrpc } from '@oncall/trpc';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerHealthRoutes } from './http/health-routes';
import { registerMetrics } from './http/metrics';
import { registerOpenApi, registerOpenApiRoute } from './http/openapi';
import { type LogDestination, loggerOptions } from './logging/logger-options';

export interface AppOptions {
  core: Core;
  ping: () => Promise<boolean>;
  logLevel: string;
  /** Where log lines go; standard output unless given (tests read them). */
  logStream?: LogDestination;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /** Serve GraphiQL to browsers; the composition root turns it on outside production. */
  graphiql?: boolean;
  /** Answer GraphQL introspection (`GRAPHQL_INTROSPECTION`); off unless asked for. */
  graphqlIntrospection?: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The HTTP composition: every face mounted on one Fastify instance over one core. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel, options.logStream),
    bodyLimit: options.bodyLimitBytes,
    trustProxy: options.trustProxy,
    requestIdHeader: false,
    // A caller's id is kept when it is sane, so one request can be followed across services.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Fastify's own 404 logs and echoes the raw URL, tokens and all.
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: 'Route not found.', code: 'not_found' }),
  );

  registerMetrics(app);
  registerHealthRoutes(app, options.ping);
  await registerOpenApi(app);
  await app.register(restApi, { prefix: '/api/v1', core: options.core });
  await app.register(async (scope) => registerTrpc(scope, { core: options.core, prefix: '/trpc' }));
  await app.register(async (scope) =>
    registerGraphql(scope, {
      core: options.core,
      path: '/graphql',
      graphiql: options.graphiql ?? false,
      introspection: options.graphqlIntrospection ?? false,
    }),
  );
  registerOpenApiRoute(app);
  return app;
}
