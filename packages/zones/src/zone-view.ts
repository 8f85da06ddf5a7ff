import type { Zone } from './zone.entity';

/** A registered agent zone and its state, as its managers see it (never its token). */
export interface ZoneStateView {
  id: string;
  name: string;
  url: string;
  /** `********abcd`, or `""` once revoked. */
  token: string;
  revoked: boolean;
  /** Heard from within the silence bound, with a live token. */
  connected: boolean;
  lastHeardAt: string | null;
  /** The agent's version, as its last heartbeat gave it. */
  version: string | null;
  /** How long its last heartbeat took to arrive (clock skew included), in milliseconds. */
  lagMs: number | null;
  /** Whether its silence alert is open. */
  silent: boolean;
  createdAt: string;
}

/** A registration or rotation: the zone and its token, shown this once. */
export interface ZoneWithToken {
  zone: ZoneStateView;
  token: string;
}

/** A deployment requests can be sent to, as the legacy web UI's zone picker and Clusters page list them. */
export interface LegacyZoneView {
  id: string;
  name: string;
  type: 'main' | 'agent';
  url: string;
}

export function toZoneStateView(zone: Zone, now: Date, silentAfterMs: number): ZoneStateView {
  const revoked = zone.tokenHash === null || zone.tokenHash === undefined;
  const heard = zone.lastHeardAt ?? null;
  return {
    id: zone.id,
    name: zone.name,
    url: zone.url,
    token: revoked || !zone.tokenHint ? '' : `********${zone.tokenHint}`,
    revoked,
    connected: !revoked && heard !== null && now.getTime() - heard.getTime() <= silentAfterMs,
    lastHeardAt: heard?.toISOString() ?? null,
    version: zone.version ?? null,
    lagMs: zone.lagMs ?? null,
    silent: zone.silent,
    createdAt: zone.createdAt.toISOString(),
  };
}

export function toLegacyZoneView(zone: Zone): LegacyZoneView {
  return { id: zone.id, name: zone.name, type: 'agent', url: zone.url };
}
