import { bearerToken } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { type AppRouter, createAppRouter } from '../app-router';
import { createContext } from '../context';
import { retryAfterHeaders } from './retry-after';

export interface TrpcMountOptions {
  core: Core;
  /** Where the router answers; `/trpc` unless told otherwise. */
  prefix?: string;
}

/**
 * Mounts the tRPC face in its own Fastify scope, so its body parsing leaves other routes alone. Its
 * inputs follow the plugins of the core it serves.
 */
export async function registerTrpc(app: FastifyInstance, options: TrpcMountOptions): Promise<void> {
  const { core } = options;
  const trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] = {
    router: createAppRouter(core.plugins),
    createContext: ({ req, info }) =>
      createContext({
        core,
        // EventSource cannot set headers: a subscription may carry the token in its connection
        // params (`httpSubscriptionLink`'s `connectionParams: { token }`) instead.
        accessToken: bearerToken(req.headers.authorization) ?? connectionToken(info.connectionParams),
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      }),
    responseMeta: retryAfterHeaders,
    onError: ({ error, req, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR')
        req.log.error({ err: error.cause ?? error, path }, 'trpc: unhandled error');
    },
  };
  // Open live streams would hold the server's close; they end first.
  app.addHook('preClose', async () => core.live.close());
  await app.register(fastifyTRPCPlugin, { prefix: options.prefix ?? '/trpc', trpcOptions });
}

function connectionToken(params: Record<string, string | undefined> | null): string | undefined {
  const token = params?.token;
  return token ? token : undefined;
}
