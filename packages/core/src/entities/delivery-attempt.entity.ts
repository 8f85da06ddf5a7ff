import { defineEntity, p } from '@mikro-orm/core';
import { liveTxidColumn } from './live-txid-column';
import { newId } from './new-id';

export const DELIVERY_OUTCOMES = ['delivered', 'transient', 'permanent', 'rateLimited'] as const;
export type DeliveryAttemptOutcome = (typeof DELIVERY_OUTCOMES)[number];

/**
 * The person a flow's people step paged through an endpoint, and why; the engine's `Recipient`.
 * `via`: on call in `scheduleId` (through `layerId`/`rotationId`, or `overrideId`), the step's
 * `user`, a member of the step's `team`, or `teamAdmins` of the schedule's team because nobody was
 * on call.
 */
export interface DeliveryRecipient {
  readonly userId: string;
  readonly via: 'schedule' | 'user' | 'team' | 'teamAdmins';
  readonly scheduleId?: string;
  readonly layerId?: string;
  readonly rotationId?: string;
  readonly overrideId?: string;
  readonly teamId?: string;
  /** The person's notification rule that paged this endpoint; absent: they have none (all at once). */
  readonly rule?: { readonly urgency: 'default' | 'high'; readonly delayMinutes: number };
  readonly flowEndpointId: string;
  readonly stepIndex: number;
}

/**
 * One instance a grouped message named, and the alert event (opening or resolve) it stood for; null
 * in a repeat, which names instances still firing.
 */
export interface CarriedInstance {
  readonly instanceId: string;
  readonly alertEventId: string | null;
}

/** What a grouped message carried, as the delivery log keeps it. */
export interface DeliveryCarried {
  readonly firing: readonly CarriedInstance[];
  readonly resolved: readonly CarriedInstance[];
}

/**
 * What an attempt was for: a page about one alert event to one endpoint, a notice (not about an
 * alert) to one endpoint, or a one-time code. The
 * engine's `Notification` fits it; the core names only what the log stores.
 */
export type DeliverySubject =
  | {
      readonly kind: 'alert';
      readonly alertEventId: string;
      readonly endpointId: string;
      readonly recipient?: DeliveryRecipient;
      /** A grouped message: the instances it carried. */
      readonly carried?: DeliveryCarried;
    }
  | { readonly kind: 'notice'; readonly noticeId: string; readonly endpointId: string }
  | { readonly kind: 'otp'; readonly otpId: string };

/**
 * The delivery log: one row per send attempt, whatever its outcome. The idempotency key is unique,
 * so a driver that records the same attempt twice (jobs are at-least-once) keeps one row. Ids of
 * endpoints and alert events are kept as text without foreign keys: the log outlives them.
 */
const DeliveryAttemptSchema = defineEntity({
  name: 'DeliveryAttempt',
  tableName: 'delivery_attempts',
  indexes: [
    { name: 'delivery_attempts_txid', properties: ['txid', 'id'] },
    // A provider config's latest attempts, for the provider-health check.
    { name: 'delivery_attempts_provider_config_created', properties: ['providerConfigId', 'createdAt'] },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    notificationKind: p.string(),
    alertEventId: p.string().nullable().index(),
    endpointId: p.string().nullable().index(),
    otpId: p.string().nullable(),
    /** A notice's id (`notices`), for a message that is not about an alert. */
    noticeId: p.string().nullable(),
    providerConfigId: p.string(),
    attempt: p.integer(),
    idempotencyKey: p.string().unique(),
    outcome: p.enum([...DELIVERY_OUTCOMES]),
    error: p.text().nullable(),
    retryAfterMs: p.integer().nullable(),
    latencyMs: p.integer().nullable(),
    /** Whom a flow's people step paged through this endpoint, and why; null for a direct page. */
    recipient: p.json<DeliveryRecipient>().nullable(),
    /** The instances a grouped message carried (`{firing, resolved}`); null for one instance's page. */
    carried: p.json<DeliveryCarried>().nullable(),
    /** Indexed for the retention job, which deletes the oldest rows in batches. */
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
    /** The inserting transaction: the live feed's commit-order cursor (`live-events/live-cursor.ts`). */
    txid: liveTxidColumn(),
  },
});

export class DeliveryAttempt extends DeliveryAttemptSchema.class {}
DeliveryAttemptSchema.setClass(DeliveryAttempt);

export { DeliveryAttemptSchema };
