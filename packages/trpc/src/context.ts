import type { Core, LiveStreamSlot } from '@oncall/core';
import type { Heartbeats } from '@oncall/heartbeats';
import type { Schedules } from '@oncall/schedules';
import type { Zones } from '@oncall/zones';
import type { BrowserSession } from './browser-session/browser-session';

/**
 * What every procedure sees. The transport (Fastify, a test, a server-side caller) supplies the
 * bearer token it read; the actor is resolved from it only by procedures that need one.
 */
export interface TrpcContext {
  core: Core;
  /** Heartbeat rules' controls; made over `core` when the transport has none. */
  heartbeats?: Heartbeats;
  /** On-call schedules; made over `core` when the transport has none. */
  schedules?: Schedules;
  /** The zone registry; made over `core` when the transport has none. */
  zones?: Zones;
  accessToken?: string;
  /** On an agent: the main's assertion of the caller of a forwarded call (`X-Zone-Assertion`). */
  zoneAssertion?: string;
  /** Login metadata recorded on the session and used by the per-IP login limiter. */
  ip?: string;
  userAgent?: string;
  /** The refresh cookie of a browser request; absent where the transport has none (server-side callers). */
  browserSession?: BrowserSession;
  /**
   * The slot of the live stream this request asks for, reserved by its transport before any other
   * work on it; the stream holds it (`streamProcedure`).
   */
  liveSlot?: LiveStreamSlot;
}

export function createContext(options: TrpcContext): TrpcContext {
  return {
    core: options.core,
    heartbeats: options.heartbeats,
    ...(options.schedules ? { schedules: options.schedules } : {}),
    zones: options.zones,
    accessToken: options.accessToken,
    ...(options.zoneAssertion ? { zoneAssertion: options.zoneAssertion } : {}),
    ip: options.ip,
    userAgent: options.userAgent,
    browserSession: options.browserSession,
    liveSlot: options.liveSlot,
  };
}
