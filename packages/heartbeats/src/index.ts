export { HEARTBEAT_STATES, Heartbeat, type HeartbeatState, heartbeatEntities } from './heartbeat.entity';
export type { HeartbeatRuleView, HeartbeatView } from './heartbeat-view';
export { Heartbeats, type HeartbeatsDeps } from './heartbeats';
export { startHeartbeatMonitor } from './monitor-loop';
export {
  boundedBody,
  instanceKeyOf,
  MAX_PING_BODY_BYTES,
  type Ping,
  type PingKind,
  pingKindOf,
  runIdOf,
} from './ping';
