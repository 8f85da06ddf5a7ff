import { bearerToken, findInputFault } from '@oncall/contracts';
import { alertRuleTypeCatalog, type Core } from '@oncall/core';
import type { Heartbeats } from '@oncall/heartbeats';
import type { Schedules } from '@oncall/schedules';
import { ASSERTION_HEADER, type Zones } from '@oncall/zones';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga } from 'graphql-yoga';
import { createGraphqlContext, type GraphqlContext } from '../context';
import { createErrorMasker } from '../errors/mask-error';
import { GRAPHIQL_CONTENT_SECURITY_POLICY, renderGraphiqlPage } from '../graphiql/graphiql-page';
import { registerGraphiqlAssets } from '../graphiql/register-graphiql-assets';
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from '../limits/query-limits';
import { useRefusalStatus } from '../limits/query-refusal';
import { useLimitsBeforeValidation } from '../limits/use-limits-before-validation';
import { useTokenLimit } from '../limits/use-token-limit';
import { createSchema } from '../schema';
import { findQueryStringFault } from './query-string-faults';
import { forwardToNamedZone } from './zone-forwarding';

export interface GraphqlMountOptions {
  core: Core;
  /** Heartbeat rules' controls (the server's, which knows `PUBLIC_URL` for ping URLs). */
  heartbeats?: Heartbeats;
  /** On-call schedules (the server's, which knows `PUBLIC_URL` for feed addresses). */
  schedules?: Schedules;
  zones?: Zones;
  /** Where the endpoint answers; `/graphql` unless told otherwise. */
  path?: string;
  /**
   * Serve GraphiQL on GET from a browser, its files from this server (`<path>/graphiql/…`) under a
   * Content-Security-Policy. Off unless asked for: the composition root enables it outside production.
   */
  graphiql?: boolean;
  /** Answer `__schema` and `__type`. Off unless asked for: the composition root follows `GRAPHQL_INTROSPECTION`. */
  introspection?: boolean;
  /** Any limit left out keeps its default. */
  limits?: Partial<QueryLimits>;
}

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Mounts graphql-yoga on Fastify as graphql-yoga's Fastify integration describes. */
export async function registerGraphql(app: FastifyInstance, options: GraphqlMountOptions): Promise<void> {
  const { core } = options;
  const limits: QueryLimits = { ...DEFAULT_QUERY_LIMITS, ...options.limits };
  const endpoint = options.path ?? '/graphql';
  const graphiqlAssets = `${endpoint}/graphiql`;
  const yoga = createYoga<ServerContext, GraphqlContext>({
    schema: createSchema(alertRuleTypeCatalog(core.plugins)),
    graphqlEndpoint: endpoint,
    graphiql: options.graphiql ?? false,
    renderGraphiQL: (graphiqlOptions) => renderGraphiqlPage(graphiqlAssets, graphiqlOptions),
    landingPage: false,
    plugins: [
      useTokenLimit(limits.maxTokens),
      useLimitsBeforeValidation(limits, options.introspection ?? false),
      useRefusalStatus(),
    ],
    maskedErrors: {
      maskError: createErrorMasker((err) => app.log.error({ err }, 'graphql: unhandled error')),
    },
    // Yoga logs every error the masker replaced, printed with the query source: a refused login's
    // password went to the error log. The masker logs the unexpected errors itself.
    logging: false,
    context: ({ req }) =>
      createGraphqlContext({
        core,
        heartbeats: options.heartbeats,
        schedules: options.schedules,
        zones: options.zones,
        accessToken: bearerToken(req.headers.authorization),
        zoneAssertion: headerOf(req.headers[ASSERTION_HEADER]),
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      }),
  });

  if (options.graphiql) await registerGraphiqlAssets(app, graphiqlAssets);
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      // Fastify has consumed the stream; a parsed body without a query (not an object, or `{}`) would
      // make Yoga wait for the stream forever.
      if (req.method === 'POST' && !hasQuery(req.body)) {
        return reply
          .status(400)
          .send({ errors: [{ message: 'The POST body must be a JSON object with a query.' }] });
      }
      // Variables and extensions nested too deep, in the body or a GET's query string, are refused
      // before GraphQL walks them; text that cannot be stored (NUL characters, lone surrogates) is
      // refused by each resolver's input parser, at its path in its input.
      const tooDeep =
        req.method === 'GET' ? findQueryStringFault(req.url) : findInputFault(req.body, { text: false });
      if (tooDeep !== undefined) {
        const fieldErrors = { [tooDeep.path || 'body']: [tooDeep.message] };
        return reply.status(400).send({
          errors: [{ message: tooDeep.message, extensions: { code: 'VALIDATION_FAILED', fieldErrors } }],
        });
      }
      // Before Yoga, whose parse cache keeps every text it has seen, refused ones included.
      if (req.method === 'POST' && queryLength(req.body) > limits.maxQueryLength) {
        const message = `The query is longer than ${limits.maxQueryLength} characters.`;
        return reply.status(400).send({ errors: [{ message, extensions: { code: 'QUERY_TOO_COMPLEX' } }] });
      }
      if (options.zones && (await forwardToNamedZone({ core, zones: options.zones }, req, reply))) {
        return reply;
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      // The only HTML the endpoint answers is the GraphiQL page.
      if (response.headers.get('content-type')?.startsWith('text/html')) {
        reply.header('content-security-policy', GRAPHIQL_CONTENT_SECURITY_POLICY);
      }
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}

function hasQuery(body: unknown): body is { query: string } {
  return typeof body === 'object' && body !== null && 'query' in body && typeof body.query === 'string';
}

function queryLength(body: unknown): number {
  return hasQuery(body) ? body.query.length : 0;
}

function headerOf(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
