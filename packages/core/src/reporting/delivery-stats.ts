import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { selectRows, sql } from '../persistence/sql-fragment';
import { ATTEMPT_SOURCES, type DeliveryFilter, deliveryCondition, FALLBACK_ATTEMPT } from './delivery-list';
import { type DurationStats, durationStats } from './duration-stats';

export const DELIVERY_GROUPINGS = ['channel', 'provider', 'channelAndProvider'] as const;
export type DeliveryGrouping = (typeof DELIVERY_GROUPINGS)[number];

/**
 * Attempts per channel (endpoint type; `deleted` once the endpoint is gone) and/or provider (the
 * provider config's provider, or `direct`). `successRate` = delivered ÷ attempts; `fallbackRate` =
 * attempts on a non-default provider config ÷ attempts (see `FALLBACK_ATTEMPT`); latency in ms over
 * the attempts that measured one.
 */
export interface DeliveryStats {
  channel: string | null;
  provider: string | null;
  attempts: number;
  delivered: number;
  successRate: number;
  fallbackAttempts: number;
  fallbackRate: number;
  latencyMs: DurationStats | null;
}

interface DeliveryStatsRow {
  channel: string | null;
  provider: string | null;
  attempts: number;
  delivered: number;
  fallbackAttempts: number;
  latencyCount: number;
  latencyMean: number | null;
  latency: unknown;
}

export async function deliveryStats(
  em: EntityManager,
  actor: Actor,
  filter: DeliveryFilter,
  grouping: DeliveryGrouping,
): Promise<DeliveryStats[]> {
  const channel = sql`coalesce(en.type, 'deleted')`;
  const provider = sql`coalesce(pc.provider, d.provider_config_id)`;
  const keys =
    grouping === 'channel'
      ? sql`${channel} as channel, null::text as provider`
      : grouping === 'provider'
        ? sql`null::text as channel, ${provider} as provider`
        : sql`${channel} as channel, ${provider} as provider`;
  const rows = await selectRows<DeliveryStatsRow>(
    em,
    sql`select ${keys}, count(*)::int as attempts,
               count(*) filter (where d.outcome = 'delivered')::int as delivered,
               count(*) filter (where ${FALLBACK_ATTEMPT})::int as "fallbackAttempts",
               count(d.latency_ms)::int as "latencyCount", avg(d.latency_ms)::float8 as "latencyMean",
               percentile_cont(array[0.5, 0.9, 0.99]) within group (order by d.latency_ms) as latency
          from ${ATTEMPT_SOURCES} where ${deliveryCondition(actor, filter)}
         group by 1, 2 order by 1, 2`,
  );
  return rows.map((row) => {
    return {
      channel: row.channel,
      provider: row.provider,
      attempts: row.attempts,
      delivered: row.delivered,
      successRate: row.attempts === 0 ? 0 : row.delivered / row.attempts,
      fallbackAttempts: row.fallbackAttempts,
      fallbackRate: row.attempts === 0 ? 0 : row.fallbackAttempts / row.attempts,
      latencyMs: durationStats(row.latencyCount, row.latencyMean, row.latency),
    };
  });
}
