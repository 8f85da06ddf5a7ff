import { bearerToken } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { Heartbeats } from '@oncall/heartbeats';
import type { Schedules } from '@oncall/schedules';
import { ASSERTION_HEADER, type Zones } from '@oncall/zones';
import type { TRPCError } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppRouter, createAppRouter } from '../app-router';
import { refreshCookieSession } from '../browser-session/refresh-cookie';
import { createContext } from '../context';
import { registerLiveEventsRoute } from './live-events-route';
import { retryAfterHeaders } from './retry-after';
import { tRPCZoneForwarding } from './zone-forwarding';

export interface TrpcMountOptions {
  core: Core;
  /** Heartbeat rules' controls (the server's, which knows `PUBLIC_URL` for ping URLs). */
  heartbeats?: Heartbeats;
  /** On-call schedules; made over `core` when absent. */
  schedules?: Schedules;
  zones?: Zones;
  /** Where the router answers; `/trpc` unless told otherwise. */
  prefix?: string;
  /**
   * Where users reach the service (`PUBLIC_URL`): its path is where browsers see the tRPC prefix,
   * which the browser session's refresh cookie is scoped to, and its scheme makes that cookie
   * `Secure`.
   */
  publicUrl?: string;
}

/**
 * Mounts the tRPC face in its own Fastify scope, so its body parsing leaves other routes alone. Its
 * inputs follow the plugins of the core it serves.
 */
export async function registerTrpc(app: FastifyInstance, options: TrpcMountOptions): Promise<void> {
  const { core } = options;
  const prefix = options.prefix ?? '/trpc';
  const publicUrl = options.publicUrl ? new URL(options.publicUrl) : undefined;
  const refreshCookie = {
    path: `${publicUrl?.pathname.replace(/\/$/, '') ?? ''}${prefix}/auth.browserRefresh`,
    publicHttps: publicUrl?.protocol === 'https:',
  };
  // EventSource cannot set headers: a subscription may carry the token in its connection params
  // (`httpSubscriptionLink`'s `connectionParams: { token }`) instead.
  const accessTokenOf = (authorization: string | undefined, connectionParams: ConnectionParams) =>
    bearerToken(authorization) ?? connectionToken(connectionParams);
  const contextOf = (req: FastifyRequest, connectionParams: ConnectionParams, reply?: FastifyReply) =>
    createContext({
      core,
      heartbeats: options.heartbeats,
      ...(options.schedules ? { schedules: options.schedules } : {}),
      zones: options.zones,
      accessToken: accessTokenOf(req.headers.authorization, connectionParams),
      zoneAssertion: headerOf(req.headers[ASSERTION_HEADER]),
      ip: req.ip,
      userAgent: req.headers['user-agent'],
      browserSession: reply && refreshCookieSession(req, reply, refreshCookie),
    });
  const onError = (error: TRPCError, req: FastifyRequest, path?: string) => {
    if (error.code === 'INTERNAL_SERVER_ERROR')
      req.log.error({ err: error.cause ?? error, path }, 'trpc: unhandled error');
  };
  const trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] = {
    router: createAppRouter(core.plugins),
    createContext: ({ req, res, info }) => contextOf(req, info.connectionParams, res),
    responseMeta: retryAfterHeaders,
    onError: ({ error, req, path }) => onError(error, req, path),
  };
  if (options.zones) {
    tRPCZoneForwarding(app, { core, zones: options.zones, prefix, router: trpcOptions.router });
  }
  // Open live streams would hold the server's close; they end first.
  app.addHook('preClose', async () => core.live.close());
  // Before the plugin: its `/:path` route answers every other procedure.
  registerLiveEventsRoute(app, {
    prefix,
    trpcOptions,
    contextOf,
    reserveStream: (authorization, connectionParams) => {
      const token = accessTokenOf(authorization, connectionParams);
      const userId = token ? core.auth.claimedUserId(token) : null;
      return userId === null ? null : core.live.reserve(userId);
    },
    onError: (error, req) => onError(error, req, 'live.events'),
  });
  await app.register(fastifyTRPCPlugin, { prefix, trpcOptions });
}

type ConnectionParams = Record<string, string | undefined> | null;

function connectionToken(params: ConnectionParams): string | undefined {
  const token = params?.token;
  return token ? token : undefined;
}

function headerOf(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
