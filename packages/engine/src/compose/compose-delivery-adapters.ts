import type { MikroORM } from '@mikro-orm/postgresql';
import {
  AckLinkSigner,
  type AlertEventMessages,
  createAlertEventMessages,
  createDeliveryStore,
  type PluginRegistry,
  SecretBox,
  systemClock,
  type TemplateFallback,
} from '@oncall/core';
import { createOnCallPeople } from '@oncall/schedules';
import { createEngineAdapters, type EngineAdapters } from '../adapters/create-engine-adapters';

/** The part of the application configuration (`AppConfig`) delivery is built from. */
export interface DeliveryCompositionConfig {
  readonly encryptionKey: Buffer;
  readonly jwtSecret: string;
  readonly auth: { readonly ackLinkTtlSeconds: number };
  readonly http: { readonly publicUrl: string };
  readonly delivery: { readonly allowPrivateTargets: boolean; readonly groupIntervalSeconds: number };
}

/**
 * Alert messages as every process renders them. Messages are rendered where they are sent (the
 * server, or a Temporal worker), so the links are signed there with the JWT secret and lifetime the
 * server's core uses: its acknowledge route accepts them.
 */
export function alertMessagesFor(
  config: DeliveryCompositionConfig,
  orm: MikroORM,
  onTemplateFallback?: (fallback: TemplateFallback) => void,
): AlertEventMessages {
  return createAlertEventMessages({
    orm,
    ackLinks: new AckLinkSigner(config.jwtSecret, systemClock, config.auth.ackLinkTtlSeconds),
    publicUrl: config.http.publicUrl,
    onTemplateFallback,
  });
}

/**
 * The delivery adapters (channel sender, delivery log, notification routes) over the application
 * database (the core's delivery store), built the same way by the server (embedded engine, Temporal
 * outbox) and by the Temporal worker (activities): the channels of the process's plugin registry
 * (`loadPluginRegistry`, which the server shares with its core), secrets opened with the configured
 * key. `onTemplateFallback` hears of each send whose template failed (the default message went).
 */
export function composeDeliveryAdapters(
  config: DeliveryCompositionConfig,
  orm: MikroORM,
  plugins: PluginRegistry,
  onTemplateFallback?: (fallback: TemplateFallback) => void,
): EngineAdapters {
  return createEngineAdapters({
    ...createDeliveryStore(orm, {
      box: new SecretBox(config.encryptionKey),
      plugins,
      alertMessages: alertMessagesFor(config, orm, onTemplateFallback),
      defaultGroupIntervalSeconds: config.delivery.groupIntervalSeconds,
    }),
    plugins,
    people: createOnCallPeople(orm),
    allowPrivateTargets: config.delivery.allowPrivateTargets,
  });
}
