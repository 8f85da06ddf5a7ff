import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import type { DeliveryAttemptOutcome } from '../entities/delivery-attempt.entity';
import { isId } from '../entities/new-id';
import { joinSql, type SqlFragment, selectRows, sql } from '../persistence/sql-fragment';
import { alertRulePolicy } from '../policy/alert-rule-policy';
import { type ReportFilter, reportedRules, withinRange } from './report-filter';
import { isoOf, olderThan, type Slice, type SliceQuery, sliceOf, slicesByParent } from './report-slice';

/**
 * One delivery attempt of a page (an alert event to one endpoint). `channel` is the endpoint's
 * type (null once the endpoint is deleted); `provider` the provider config's provider, or `direct`
 * for channels that need none. `fallback`: see `FALLBACK_ATTEMPT`.
 */
export interface DeliveryAttemptView {
  id: string;
  alertEventId: string;
  endpointId: string | null;
  channel: string | null;
  providerConfigId: string;
  provider: string;
  attempt: number;
  outcome: DeliveryAttemptOutcome;
  error: string | null;
  latencyMs: number | null;
  fallback: boolean;
  createdAt: string;
}

export interface DeliveryFilter extends ReportFilter {
  outcomes?: DeliveryAttemptOutcome[];
  /** Endpoint types. */
  channels?: string[];
}

interface DeliveryRow extends Omit<DeliveryAttemptView, 'createdAt'> {
  createdAt: unknown;
  parentId: string;
  n?: unknown;
}

/**
 * An attempt made on a provider config that is not its kind's default: the delivery engine tries
 * the default first and the backup after it (`providerChainFor`), so such an attempt is the backup
 * (or a config that was the default when it was made and is not any more: the flags are read as
 * they are now). Direct channels have no provider config and never fall back.
 */
export const FALLBACK_ATTEMPT = sql`(pc.id is not null and not pc.is_default)`;

/** Attempts `d` with their event `e`, rule `r`, endpoint `en` and provider config `pc`. */
export const ATTEMPT_SOURCES = sql`delivery_attempts d
  join alert_events e on e.id::text = d.alert_event_id
  join alert_rules r on r.id = e.rule_id
  left join endpoints en on en.id::text = d.endpoint_id
  left join provider_configs pc on pc.id::text = d.provider_config_id`;

const DELIVERY_COLUMNS = sql`d.id, d.alert_event_id as "alertEventId", d.endpoint_id as "endpointId",
  en.type as channel, d.provider_config_id as "providerConfigId", coalesce(pc.provider, d.provider_config_id) as provider,
  d.attempt, d.outcome, d.error, d.latency_ms as "latencyMs", ${FALLBACK_ATTEMPT} as fallback,
  d.created_at as "createdAt"`;

/** Attempts on alert pages of the reported rules, made in the range (`from`/`to` on the attempt). */
export function deliveryCondition(actor: Actor, filter: DeliveryFilter): SqlFragment {
  const parts = [
    sql`d.notification_kind = 'alert'`,
    reportedRules(actor, filter),
    withinRange(sql`d.created_at`, filter),
  ];
  if (filter.outcomes?.length) parts.push(sql`d.outcome in (${filter.outcomes})`);
  if (filter.channels?.length) parts.push(sql`en.type in (${filter.channels})`);
  return joinSql(parts, ' and ');
}

/** Attempts newest first. */
export async function listDeliveries(
  em: EntityManager,
  actor: Actor,
  filter: DeliveryFilter,
  slice: SliceQuery,
): Promise<Slice<DeliveryAttemptView>> {
  const rows = await selectRows<DeliveryRow>(
    em,
    sql`select ${DELIVERY_COLUMNS}, d.alert_event_id as "parentId" from ${ATTEMPT_SOURCES}
         where ${deliveryCondition(actor, filter)} and ${olderThan(sql`d.created_at`, sql`d.id`, slice.after)}
         order by d.created_at desc, d.id desc limit ${slice.first + 1}`,
  );
  const page = sliceOf(rows, slice.first);
  return { ...page, items: page.items.map((row) => toDeliveryView(row, actor)) };
}

/** Each event's newest attempts, in one statement. */
export async function deliveriesByEvent(
  em: EntityManager,
  actor: Actor,
  eventIds: readonly string[],
  filter: DeliveryFilter,
  slice: SliceQuery,
): Promise<Slice<DeliveryAttemptView>[]> {
  const ids = eventIds.filter(isId);
  const rows = await selectRows<DeliveryRow>(
    em,
    sql`select * from (
          select ${DELIVERY_COLUMNS}, d.alert_event_id as "parentId",
                 row_number() over (partition by d.alert_event_id order by d.created_at desc, d.id desc) as n
            from ${ATTEMPT_SOURCES}
           where d.alert_event_id in (${ids}) and ${deliveryCondition(actor, filter)}
             and ${olderThan(sql`d.created_at`, sql`d.id`, slice.after)}) as w
         where w.n <= ${slice.first + 1} order by w."createdAt" desc, w.id desc`,
  );
  return slicesByParent(eventIds, rows, slice.first).map((page) => ({
    ...page,
    items: page.items.map((row) => toDeliveryView(row, actor)),
  }));
}

/**
 * A provider's error text is the channel plugin's to word and may quote what it was sent; it goes
 * to owners and managers, who also configure the providers, and to no one else.
 */
function toDeliveryView(row: DeliveryRow, actor: Actor): DeliveryAttemptView {
  const { parentId: _parent, n: _n, createdAt, error, ...rest } = row;
  return { ...rest, error: alertRulePolicy.seesEveryRule(actor) ? error : null, createdAt: isoOf(createdAt) };
}
