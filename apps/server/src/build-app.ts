import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { OidcSettings, TrustProxy } from '@oncall/config';
import type { Core } from '@oncall/core';
import { registerGraphql } from '@oncall/graphql';
import { Heartbeats } from '@oncall/heartbeats';
import { ackPage, restApi } from '@oncall/rest';
import { Schedules } from '@oncall/schedules';
import { registerTrpc } from '@oncall/trpc';
import { Zones } from '@oncall/zones';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerApiDocs } from './http/api-docs';
import { registerHealthRoutes } from './http/health-routes';
import { type MetricsOptions, registerMetrics } from './http/metrics';
import { registerOpenApi, registerOpenApiRoute } from './http/openapi';
import { type LogDestination, loggerOptions } from './logging/logger-options';
import { oidcRoutes } from './sso/oidc-routes';
import { publicPathOf, withoutPublicPath } from './web-ui/public-path';
import { registerWebUi, type WebUiFallback } from './web-ui/register-web-ui';

export interface AppOptions {
  core: Core;
  /** Heartbeat rules' pings and controls; made over `core` when not given. */
  heartbeats?: Heartbeats;
  /** The zone registry, forwarding and the agent's side; made over `core` when not given. */
  zones?: Zones;
  /** Whether the database answers within the given time (`/readyz`; its own default when unset). */
  ping: (timeoutMs?: number) => Promise<boolean>;
  /** How long `/readyz` waits for the database before answering 503. */
  readinessTimeoutMs?: number;
  logLevel: string;
  /** Where log lines go; standard output unless given (tests read them). */
  logStream?: LogDestination;
  bodyLimitBytes: number;
  /** Where users reach the service (`PUBLIC_URL`); the acknowledge page accepts posts from it. */
  publicUrl?: string;
  /** Whose `X-Forwarded-For` entries to believe (`TRUST_PROXY`); `request.ip` follows it. */
  trustProxy: TrustProxy;
  /** Receiving a whole request (headers and body); a client slower than this is cut off. */
  requestTimeoutMs?: number;
  /** Serve GraphiQL to browsers; the composition root turns it on outside production. */
  graphiql?: boolean;
  /** The registry the engine's figures are in, and the bearer token `/metrics` asks for, if any. */
  metrics?: MetricsOptions;
  /** Answer GraphQL introspection (`GRAPHQL_INTROSPECTION`); off unless asked for. */
  graphqlIntrospection?: boolean;
  /** The web UI's build to serve at `/` (`apps/web/dist`); no UI without it. */
  webUiRoot?: string;
  /** Single sign-on (`OIDC_*`); off when not given. */
  oidc?: OidcSettings | undefined;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The HTTP composition: every face mounted on one Fastify instance over one core. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const publicPath = publicPathOf(options.publicUrl);
  const app = Fastify({
    logger: loggerOptions(options.logLevel, options.logStream),
    bodyLimit: options.bodyLimitBytes,
    trustProxy: options.trustProxy,
    ...(options.requestTimeoutMs === undefined ? {} : { requestTimeout: options.requestTimeoutMs }),
    requestIdHeader: false,
    // A caller's id is kept when it is sane, so one request can be followed across services.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
    // Under a sub-path (`PUBLIC_URL=https://host/oncall`) the server answers both `/oncall/…` and
    // `/…`, whether or not the proxy in front strips the path.
    ...(publicPath
      ? { rewriteUrl: (request: IncomingMessage) => withoutPublicPath(request.url ?? '/', publicPath) }
      : {}),
  });
  // A callback hook, not an async one: it runs on every request, and a promise per request is
  // measurable on the heartbeat ping route (docs/benchmarks.md).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  let webUiPage: WebUiFallback = () => false;
  // Fastify's own 404 logs and echoes the raw URL, tokens and all. A page route of the web UI (a
  // browser loading `/rules/…`) gets the UI's page instead.
  app.setNotFoundHandler((request, reply) => {
    if (webUiPage(request, reply)) return reply;
    return reply.status(404).send({ message: 'Route not found.', code: 'not_found' });
  });

  registerMetrics(app, options.metrics);
  registerHealthRoutes(app, options.ping, options.readinessTimeoutMs);
  await registerOpenApi(app);
  const heartbeats = options.heartbeats ?? Heartbeats.of(options.core, options.publicUrl);
  const schedules = Schedules.of(options.core, options.publicUrl);
  const zones = options.zones ?? Zones.of(options.core, { publicUrl: options.publicUrl });
  await app.register(restApi, { prefix: '/api/v1', core: options.core, heartbeats, schedules, zones });
  await app.register(
    async (scope) =>
      oidcRoutes(scope, {
        core: options.core,
        oidc: options.oidc,
        publicUrl: options.publicUrl ?? 'http://127.0.0.1:3000',
      }),
    { prefix: '/api/v1' },
  );
  await app.register(ackPage, { core: options.core, publicUrl: options.publicUrl });
  await app.register(async (scope) =>
    registerTrpc(scope, {
      core: options.core,
      heartbeats,
      schedules,
      zones,
      prefix: '/trpc',
      publicUrl: options.publicUrl,
    }),
  );
  await app.register(async (scope) =>
    registerGraphql(scope, {
      core: options.core,
      heartbeats,
      schedules,
      zones,
      path: '/graphql',
      graphiql: options.graphiql ?? false,
      introspection: options.graphqlIntrospection ?? false,
    }),
  );
  registerOpenApiRoute(app);
  await registerApiDocs(app);
  if (options.webUiRoot) webUiPage = await registerWebUi(app, { root: options.webUiRoot, publicPath });
  return app;
}
