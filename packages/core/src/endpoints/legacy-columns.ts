import type { LegacyEndpointWire } from '@oncall/contracts';
import { fieldLabel } from './plugin-destination';

/**
 * Where an endpoint of a type older than channel plugins (its plugin declares `legacyEndpoint`)
 * keeps each destination field: the columns of the first release, by the field's name and whether
 * it is secret. A chat id or a number is the plain `value`, a forum topic `thread_id`, a bot token
 * `sealed_bot_token`, a secret `value` (a webhook URL) `sealed_value`.
 */
export type LegacyColumn = 'value' | 'threadId' | 'sealedBotToken' | 'sealedValue';

export function legacyColumnOf(field: string, secret: boolean): LegacyColumn {
  if (field === 'threadId') return 'threadId';
  if (!secret) return 'value';
  return field === 'botToken' ? 'sealedBotToken' : 'sealedValue';
}

/** How messages name a legacy destination field: its label, or its name spelled out (`chatId` → "chat id"). */
export function legacyLabelOf(wire: LegacyEndpointWire, field: string): string {
  return wire.labels?.[field] ?? fieldLabel(field);
}
