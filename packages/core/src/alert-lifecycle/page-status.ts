import type { DeliveryAttemptOutcome } from '../entities/delivery-attempt.entity';

/**
 * Where one page (one delivery of an alert event to an endpoint) stands: delivered through its first
 * provider config, delivered through another one (the backup), failed for good on its last try,
 * still being tried (its last attempt failed in a way that is retried), or undeliverable: every
 * provider config failed it and the delivery gave up (the rule's owner was told elsewhere).
 */
export type PageStatusKind = 'delivered' | 'fellBack' | 'failed' | 'retrying' | 'undeliverable';

export interface PageStatus {
  /** The delivery's idempotency base (`notify:<event>:<endpoint>[:<step>]`). */
  id: string;
  endpoint: { id: string; name: string | null; channel: string | null };
  status: PageStatusKind;
  attempts: number;
  /** ISO 8601: the delivery's last attempt. */
  at: string;
}

/** One recorded send attempt, as the Now page reads them. */
export interface PageAttempt {
  delivery: string;
  endpointId: string | null;
  endpointName: string | null;
  channel: string | null;
  providerConfigId: string;
  outcome: DeliveryAttemptOutcome;
  createdAt: Date;
}

/**
 * Folds attempts (in the order they were made) into one status per delivery, in the order the
 * deliveries started. A permanent failure with a backup to go is shown as failed until the backup's
 * attempt is recorded, which is what happened so far.
 */
export function pageStatuses(
  attempts: readonly PageAttempt[],
  undeliverable: ReadonlySet<string> = new Set(),
): PageStatus[] {
  const byDelivery = new Map<
    string,
    { first: PageAttempt; last: PageAttempt; count: number; deliveredVia: string | null }
  >();
  for (const attempt of attempts) {
    const seen = byDelivery.get(attempt.delivery);
    const deliveredVia = attempt.outcome === 'delivered' ? attempt.providerConfigId : null;
    if (!seen) {
      byDelivery.set(attempt.delivery, { first: attempt, last: attempt, count: 1, deliveredVia });
      continue;
    }
    seen.last = attempt;
    seen.count += 1;
    seen.deliveredVia ??= deliveredVia;
  }
  return [...byDelivery.entries()].map(([delivery, { first, last, count, deliveredVia }]) => ({
    id: delivery,
    endpoint: { id: first.endpointId ?? '', name: first.endpointName, channel: first.channel },
    status: undeliverable.has(pageKey(delivery.split(':')[1] ?? '', first.endpointId ?? ''))
      ? 'undeliverable'
      : deliveredVia !== null
        ? deliveredVia === first.providerConfigId
          ? 'delivered'
          : 'fellBack'
        : last.outcome === 'permanent'
          ? 'failed'
          : 'retrying',
    attempts: count,
    at: last.createdAt.toISOString(),
  }));
}

/** The key `pageStatuses` finds an undeliverable page by: its alert event and endpoint. */
export function pageKey(alertEventId: string, endpointId: string): string {
  return `${alertEventId}:${endpointId}`;
}
