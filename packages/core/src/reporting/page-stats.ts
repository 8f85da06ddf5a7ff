import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { selectRows, sql } from '../persistence/sql-fragment';
import { ATTEMPT_SOURCES } from './delivery-list';
import { type ReportFilter, reportedRules, withinRange } from './report-filter';
import { groupingOf, groupKeyOf, type ReportGrouping, type ReportGroupKey } from './report-grouping';

/**
 * Pages per group: a page is one alert event sent to one endpoint, however many attempts it took;
 * it counts at its event's time, and as delivered when one of its attempts was.
 */
export interface PageStats {
  key: ReportGroupKey;
  pages: number;
  delivered: number;
  attempts: number;
}

interface PageRow {
  ruleId: string | null;
  teamId: string | null;
  day: unknown;
  pages: number;
  delivered: number;
  attempts: number;
}

export async function pageStats(
  em: EntityManager,
  actor: Actor,
  filter: ReportFilter,
  grouping: ReportGrouping,
): Promise<PageStats[]> {
  const group = groupingOf(grouping, { ruleId: sql`p."ruleId"`, at: sql`p.at` });
  const rows = await selectRows<PageRow>(
    em,
    sql`select ${group.key}, count(*)::int as pages, count(*) filter (where p.delivered)::int as delivered,
               coalesce(sum(p.attempts), 0)::int as attempts
          from (select e.rule_id as "ruleId", e.created_at as at, bool_or(d.outcome = 'delivered') as delivered,
                       count(*) as attempts
                  from ${ATTEMPT_SOURCES}
                 where d.notification_kind = 'alert' and ${reportedRules(actor, filter)}
                   and ${withinRange(sql`e.created_at`, filter)}
                 group by d.alert_event_id, d.endpoint_id, e.rule_id, e.created_at) as p ${group.join}
          ${group.groupBy} order by 1, 2, 3`,
  );
  return rows.map((row) => ({
    key: groupKeyOf(row),
    pages: row.pages,
    delivered: row.delivered,
    attempts: row.attempts,
  }));
}
