import type {
  DeliveryAttemptLog,
  DeliveryTargetReader,
  GroupWindowStore,
  PluginRegistry,
} from '@oncall/core';
import type { ChannelLogger } from '@oncall/plugin-sdk';
import type { ChannelSender, OnCallPeople } from '@oncall/workflows';
import type { NotificationRoutes } from '../ports/notification-routes';
import { createChannelSender } from './channel-sender';
import { createHostFetches } from './host-fetches';

/**
 * The database side comes from the core as one `createDeliveryStore(orm, …)`: routes, send
 * targets and the delivery log.
 */
export interface EngineAdapterOptions {
  readonly routes: NotificationRoutes;
  readonly targets: DeliveryTargetReader;
  /** The plugins the process loaded once; the sender talks to its channels. */
  readonly plugins: PluginRegistry;
  readonly attemptLog: DeliveryAttemptLog;
  /** The group windows of grouped notifications. */
  readonly groups: GroupWindowStore;
  /** Whom a flow's people steps page: `createOnCallPeople(orm)` of `@oncall/schedules`. */
  readonly people: OnCallPeople;
  /** `ALLOW_PRIVATE_WEBHOOK_TARGETS`. */
  readonly allowPrivateTargets: boolean;
  readonly attemptTimeoutMs?: number;
  readonly logger?: ChannelLogger;
}

/** The ports both drivers run on (Temporal activities and the embedded jobs). */
export interface EngineAdapters {
  readonly sender: ChannelSender;
  readonly log: DeliveryAttemptLog;
  readonly routes: NotificationRoutes;
  readonly groups: GroupWindowStore;
  readonly people: OnCallPeople;
  /** Closes the outbound connection pools. */
  close(): Promise<void>;
}

export function createEngineAdapters(options: EngineAdapterOptions): EngineAdapters {
  const fetches = createHostFetches({ allowPrivateTargets: options.allowPrivateTargets });
  return {
    sender: createChannelSender({ ...options, channels: options.plugins.channels, fetches }),
    log: options.attemptLog,
    routes: options.routes,
    groups: options.groups,
    people: options.people,
    close: () => fetches.close(),
  };
}
