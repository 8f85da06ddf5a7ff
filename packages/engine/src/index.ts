// Ports the engine runs on, beyond those of @oncall/workflows.

export type { InstanceResolver } from '@oncall/workflows';
// Task queues of the lanes, for the worker (they live with the workflows that start children on them).
export { laneTaskQueue, laneTaskQueues } from '@oncall/workflows';
// Adapters over the database and the channel plugins.
export { type ChannelSenderOptions, createChannelSender } from './adapters/channel-sender';
export {
  createEngineAdapters,
  type EngineAdapterOptions,
  type EngineAdapters,
} from './adapters/create-engine-adapters';
export { createHostFetches, type HostFetches } from './adapters/host-fetches';
export {
  createProviderConfigTester,
  type ProviderConfigTesterOptions,
} from './adapters/provider-config-tester';
// The two drivers.
export { DEFAULT_QUEUE_TUNING, type QueueTuning } from './boss/queue-tuning';
// The delivery adapters as the server and the worker build them from the configuration.
export {
  composeDeliveryAdapters,
  type DeliveryCompositionConfig,
} from './compose/compose-delivery-adapters';
export { type CheckLoop, type CheckLoopOptions, type CheckRunner, startCheckLoop } from './driver/check-loop';
export type { Engine } from './driver/engine';
export { QUEUES } from './driver/queues';
export { DEFAULT_RETRY_POLICIES, type RetryPolicies } from './driver/retry-policies';
export { type SlowLaneTuning, slowLaneSlots } from './driver/slow-lane-slots';
export { createEmbeddedEngine, type EmbeddedEngineOptions } from './embedded/create-embedded-engine';
export {
  type LateBoundInstanceResolver,
  lateBoundInstanceResolver,
} from './embedded/late-bound-instance-resolver';
export { DELIVERY_LANES, type DeliveryLane } from './ports/delivery-lane';
export {
  type EngineMetrics,
  type JobFailureCause,
  type JobFailureOutcome,
  NO_ENGINE_METRICS,
  type QueueStats,
} from './ports/engine-metrics';
export type { EndpointRoute, NotificationRoutes } from './ports/notification-routes';
export { createTemporalEngine, type TemporalEngineOptions } from './temporal/create-temporal-engine';
export type {
  WorkflowClientLike,
  WorkflowSignalWithStartRequest,
  WorkflowStartRequest,
} from './temporal/workflow-client-like';
