import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import type { NotifyRequest } from '../ports/orchestrator';

/** A page about one alert event to one endpoint. */
export interface UndeliverablePage {
  readonly alertEventId: string;
  readonly endpointId: string;
}

/** Queues notifies in the caller's transaction: the engine's `notifyMany`. */
export type QueueNotifies = (tx: EntityManager, requests: readonly NotifyRequest[]) => Promise<void>;

/**
 * Records a page every provider config of its endpoint failed and, the first time only, pages the
 * same alert event to the rule owner's other endpoints (not flows: a flow would page other people
 * about a failure of one person's phone), in one transaction with the record. The row's key is the
 * idempotency key: a replayed delivery, or a second report, tells nobody again; and a page that was
 * itself such a notice tells nobody further, so two failing endpoints cannot page each other back.
 * The notices are ordinary notifies (`notifyWorkflowId(event, endpoint)`), so an endpoint the rule
 * already paged about this event is not paged twice.
 */
export async function markUndeliverable(
  orm: MikroORM,
  page: UndeliverablePage,
  queue: QueueNotifies,
  now: Date = new Date(),
): Promise<void> {
  await orm.em.fork().transactional(async (tx) => {
    const inserted = await queryRows<{ endpoint_id: string }>(
      tx,
      `insert into undeliverable_pages (alert_event_id, endpoint_id, created_at) values (?, ?, ?)
       on conflict do nothing returning endpoint_id`,
      [page.alertEventId, page.endpointId, now],
    );
    if (inserted.length === 0) return;
    const [notice] = await queryRows<{ endpoint_id: string }>(
      tx,
      `select endpoint_id from undeliverable_pages
        where alert_event_id = ? and endpoint_id <> ? and told_endpoint_ids @> ?::jsonb`,
      [page.alertEventId, page.endpointId, JSON.stringify([page.endpointId])],
    );
    if (notice) return;
    const others = await queryRows<{ id: string }>(
      tx,
      `select en.id::text as id
         from alert_events e
         join alert_rules r on r.id = e.rule_id
         join endpoints en on en.owner_id = r.owner_id
        where e.id::text = ? and en.id::text <> ? and en.type <> 'flow'
        order by en.created_at, en.id`,
      [page.alertEventId, page.endpointId],
    );
    if (others.length === 0) return;
    await runStatement(
      tx,
      'update undeliverable_pages set told_endpoint_ids = ?::jsonb where alert_event_id = ? and endpoint_id = ?',
      [JSON.stringify(others.map((o) => o.id)), page.alertEventId, page.endpointId],
    );
    await queue(
      tx,
      others.map((other) => ({ alertEventId: page.alertEventId, endpointId: other.id })),
    );
  });
}
