export { Zone, zoneEntities } from './zone.entity';
export { ZoneAgent } from './zone-agent';
export { ASSERTION_HEADER, ASSERTION_TTL_SECONDS } from './zone-assertion';
export { FORWARD_TIMEOUT_MS, type ForwardedAnswer, type ForwardedRequest } from './zone-forwarder';
export { startZoneLoop } from './zone-loops';
export { type ZoneHeartbeat, type ZoneInput, ZoneRegistry } from './zone-registry';
export type { LegacyZoneView, ZoneStateView, ZoneWithToken } from './zone-view';
export { MAIN_ZONE_ID, type ZoneListQuery, Zones, type ZonesOptions } from './zones';
