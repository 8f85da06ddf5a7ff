import type { MikroORM } from '@mikro-orm/core';
import {
  createDeliveryTargets,
  type DeliveryTargetReader,
  type DeliveryTargetsOptions,
} from '../notifications/delivery-targets';
import {
  createGroupWindowStore,
  type GroupWindowStore,
  type GroupWindowStoreOptions,
} from '../notifications/group-windows';
import { createNotificationRoutes, type NotificationRouteReader } from '../notifications/notification-routes';
import { createDeliveryAttemptLog, type DeliveryAttemptLog } from './delivery-attempt-log';

export type DeliveryStoreOptions = Omit<DeliveryTargetsOptions, 'orm'> & GroupWindowStoreOptions;

/**
 * What the delivery engine reads and writes in the application database, as the engine's ports
 * `NotificationRoutes`, `DeliveryTargets` and `DeliveryAttemptLog` take it.
 */
export interface DeliveryStore {
  readonly routes: NotificationRouteReader;
  readonly targets: DeliveryTargetReader;
  readonly attemptLog: DeliveryAttemptLog;
  readonly groups: GroupWindowStore;
}

/**
 * The delivery engine's database side over one ORM, routing and sending by the loaded plugins.
 * `endpointTtlMs` bounds both how long an endpoint's destination and how long its route are reused.
 *
 * @example createEngineAdapters({ ...createDeliveryStore(orm, { box, plugins, alertMessages }), plugins, allowPrivateTargets: false })
 */
export function createDeliveryStore(orm: MikroORM, options: DeliveryStoreOptions): DeliveryStore {
  return {
    routes: createNotificationRoutes(orm, { plugins: options.plugins, routeTtlMs: options.endpointTtlMs }),
    targets: createDeliveryTargets({ orm, ...options }),
    attemptLog: createDeliveryAttemptLog(orm),
    groups: createGroupWindowStore(orm, options),
  };
}
