import type { ProxySettings } from '@oncall/net-guard';
import type { ChannelMessage } from '@oncall/plugin-sdk';
import type { SendRequest } from '@oncall/workflows';

/**
 * Everything one send needs, secrets opened. The config and the destination are as stored: the
 * channel plugin's schemas parse them.
 */
export interface DeliveryTarget {
  /** The channel plugin that sends. */
  readonly channelId: string;
  readonly config: Record<string, unknown>;
  readonly destination: Record<string, unknown>;
  readonly message: ChannelMessage;
}

/** A send's target, or why it has none; a retry would find the same, so the send fails for good. */
export type DeliveryTargetLookup =
  | { readonly kind: 'send'; readonly target: DeliveryTarget }
  | { readonly kind: 'unsendable'; readonly reason: string };

/**
 * What a send reads when it is sent (the notification, its provider config or endpoint, the
 * message), so codes, bot tokens and message text never sit in job payloads. The core implements
 * it over the database (`createDeliveryTargets`).
 */
export interface DeliveryTargets {
  resolve(request: Pick<SendRequest, 'notification' | 'providerConfigId'>): Promise<DeliveryTargetLookup>;
  /** The proxy messenger channels go through now; null for direct connections. */
  activeProxy(): Promise<ProxySettings | null>;
}
