import { bearerToken } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga } from 'graphql-yoga';
import { createGraphqlContext, type GraphqlContext } from '../context';
import { createErrorMasker } from '../errors/mask-error';
import { schema } from '../schema';

export interface GraphqlMountOptions {
  core: Core;
  /** Where the endpoint answers; `/graphql` unless told otherwise. */
  path?: string;
  /** Serve GraphiQL on GET from a browser. Off unless asked for: the composition root enables it outside production. */
  graphiql?: boolean;
}

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Mounts graphql-yoga on Fastify as graphql-yoga's Fastify integration describes. */
export async function registerGraphql(app: FastifyInstance, options: GraphqlMountOptions): Promise<void> {
  const { core } = options;
  const yoga = createYoga<ServerContext, GraphqlContext>({
    schema,
    graphqlEndpoint: options.path ?? '/graphql',
    graphiql: options.graphiql ?? false,
    landingPage: false,
    maskedErrors: {
      maskError: createErrorMasker((err) => app.log.error({ err }, 'graphql: unhandled error')),
    },
    // Yoga logs every error the masker replaced, printed with the query source: a refused login's
    // password went to the error log. The masker logs the unexpected errors itself.
    logging: false,
    context: ({ req }) =>
      createGraphqlContext({
        core,
        accessToken: bearerToken(req.headers.authorization),
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      }),
  });

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
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}

function hasQuery(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'query' in body && typeof body.query === 'string';
}
