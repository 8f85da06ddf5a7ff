import type { MikroORM } from '@mikro-orm/postgresql';
import type { PluginRegistry, SecretBox } from '@oncall/core';
import type { ChannelLogger } from '@oncall/plugin-sdk';
import type { ChannelSender } from '@oncall/workflows';
import type { AlertMessageSource } from '../ports/alert-message-source';
import type { DeliveryJournal } from '../ports/delivery-journal';
import type { NotificationRoutes } from '../ports/notification-routes';
import { createChannelSender } from './channel-sender';
import { createHostFetches } from './host-fetches';
import { createNotificationRoutes } from './notification-routes';

export interface EngineAdapterOptions {
  readonly orm: MikroORM;
  readonly box: SecretBox;
  /** The plugins the process loaded once; the sender talks to its channels. */
  readonly plugins: PluginRegistry;
  readonly alertMessages: AlertMessageSource;
  /** The delivery log; the core's `createDeliveryJournal(orm)` over `delivery_attempts`. */
  readonly journal: DeliveryJournal;
  /** `ALLOW_PRIVATE_WEBHOOK_TARGETS`. */
  readonly allowPrivateTargets: boolean;
  readonly channelConfigs?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly attemptTimeoutMs?: number;
  /** See `ChannelSenderOptions.providerConfigTtlMs`. */
  readonly providerConfigTtlMs?: number;
  /** How long an endpoint's destination and route are reused; see `ChannelSenderOptions.endpointTtlMs`. */
  readonly endpointTtlMs?: number;
  readonly logger?: ChannelLogger;
}

/** The ports both drivers run on (Temporal activities and the embedded jobs), over one database. */
export interface EngineAdapters {
  readonly sender: ChannelSender;
  readonly log: DeliveryJournal;
  readonly routes: NotificationRoutes;
  /** Closes the outbound connection pools. */
  close(): Promise<void>;
}

export function createEngineAdapters(options: EngineAdapterOptions): EngineAdapters {
  const fetches = createHostFetches({ allowPrivateTargets: options.allowPrivateTargets });
  return {
    sender: createChannelSender({ ...options, channels: options.plugins.channels, fetches }),
    log: options.journal,
    routes: createNotificationRoutes(options.orm, { routeTtlMs: options.endpointTtlMs }),
    close: () => fetches.close(),
  };
}
