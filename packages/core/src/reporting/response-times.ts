import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { selectRows, sql } from '../persistence/sql-fragment';
import { type DurationStats, durationStats } from './duration-stats';
import { episodeMarks } from './episode-rows';
import type { ReportFilter } from './report-filter';
import { groupingOf, groupKeyOf, type ReportGrouping, type ReportGroupKey } from './report-grouping';

/**
 * Episodes fired in the range, per group. MTTA: first `acknowledged` event − the `fired` event, of
 * the episodes acknowledged; MTTR: first `resolved`/`auto_resolved` event − the `fired` event, of
 * those resolved. Null where no episode of the group was acknowledged (resolved).
 */
export interface EpisodeStats {
  key: ReportGroupKey;
  episodes: number;
  acknowledged: number;
  resolved: number;
  mtta: DurationStats | null;
  mttr: DurationStats | null;
}

interface StatsRow {
  ruleId: string | null;
  teamId: string | null;
  day: unknown;
  episodes: number;
  acknowledged: number;
  resolved: number;
  mttaMean: number | null;
  mtta: number[] | null;
  mttrMean: number | null;
  mttr: number[] | null;
}

export async function episodeStats(
  em: EntityManager,
  actor: Actor,
  filter: ReportFilter,
  grouping: ReportGrouping,
): Promise<EpisodeStats[]> {
  const group = groupingOf(grouping, { ruleId: sql`ep."ruleId"`, at: sql`ep."firedAt"` });
  const tta = sql`extract(epoch from ep."acknowledgedAt" - ep."firedAt")`;
  const ttr = sql`extract(epoch from ep."resolvedAt" - ep."firedAt")`;
  const rows = await selectRows<StatsRow>(
    em,
    sql`select ${group.key}, count(*)::int as episodes,
               count(ep."acknowledgedAt")::int as acknowledged, count(ep."resolvedAt")::int as resolved,
               avg(${tta})::float8 as "mttaMean",
               percentile_cont(array[0.5, 0.9, 0.99]) within group (order by ${tta}) as mtta,
               avg(${ttr})::float8 as "mttrMean",
               percentile_cont(array[0.5, 0.9, 0.99]) within group (order by ${ttr}) as mttr
          from (${episodeMarks(actor, filter)}) as ep ${group.join}
          ${group.groupBy} order by 1, 2, 3`,
  );
  return rows.map((row) => ({
    key: groupKeyOf(row),
    episodes: row.episodes,
    acknowledged: row.acknowledged,
    resolved: row.resolved,
    mtta: durationStats(row.acknowledged, row.mttaMean, row.mtta),
    mttr: durationStats(row.resolved, row.mttrMean, row.mttr),
  }));
}
