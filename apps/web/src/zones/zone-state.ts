/** What a zone's row says about its link to this main, from `zones.list`. */
export interface ZoneLink {
  connected: boolean;
  revoked: boolean;
  silent: boolean;
  lastHeardAt: string | null;
}

export interface ZoneStateWords {
  label: string;
  color: 'teal' | 'red' | 'gray';
}

/**
 * One word for the zone's state: a revoked token first (nothing gets through until it is
 * rotated), then whether it is heard; a zone never heard from is waiting for its first heartbeat.
 */
export function zoneState(zone: ZoneLink): ZoneStateWords {
  if (zone.revoked) return { label: 'token revoked', color: 'gray' };
  if (zone.connected) return { label: 'connected', color: 'teal' };
  if (zone.lastHeardAt === null) return { label: 'never heard', color: 'gray' };
  return { label: zone.silent ? 'silent' : 'not connected', color: 'red' };
}

/** A heartbeat's lag in words: milliseconds below a second, else seconds. */
export function lagText(lagMs: number | null): string {
  if (lagMs === null) return '–';
  return lagMs < 1000 ? `${lagMs} ms` : `${(lagMs / 1000).toFixed(1)} s`;
}
