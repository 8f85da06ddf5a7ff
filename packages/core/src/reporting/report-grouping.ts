import { type SqlFragment, sql } from '../persistence/sql-fragment';
import { isoOrNull } from './report-slice';

export const REPORT_GROUPINGS = ['none', 'rule', 'team', 'day'] as const;
/**
 * How an aggregate is split: not at all, per rule, per team the rule is shared with (a rule of
 * two teams counts in both; one of none in neither), or per UTC day of its time.
 */
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** Which group a row of an aggregate is; only the grouping's own key is set. */
export interface ReportGroupKey {
  ruleId: string | null;
  teamId: string | null;
  /** The UTC day's start, ISO 8601. */
  day: string | null;
}

/**
 * The grouping over rows `alias` with a rule id column and a time column: the join it needs and
 * the key columns ("ruleId", "teamId", day) it selects and groups by.
 */
export function groupingOf(
  grouping: ReportGrouping,
  rows: { ruleId: SqlFragment; at: SqlFragment },
): { join: SqlFragment; key: SqlFragment; groupBy: SqlFragment } {
  switch (grouping) {
    case 'rule':
      return {
        join: sql``,
        key: sql`${rows.ruleId} as "ruleId", null::uuid as "teamId", null::timestamptz as day`,
        groupBy: sql`group by ${rows.ruleId}`,
      };
    case 'team':
      return {
        join: sql`join alert_rule_teams gt on gt.alert_rule_id = ${rows.ruleId}`,
        key: sql`null::uuid as "ruleId", gt.team_id as "teamId", null::timestamptz as day`,
        groupBy: sql`group by gt.team_id`,
      };
    case 'day':
      return {
        join: sql``,
        key: sql`null::uuid as "ruleId", null::uuid as "teamId",
          (date_trunc('day', ${rows.at} at time zone 'UTC') at time zone 'UTC') as day`,
        groupBy: sql`group by 3`,
      };
    default:
      return {
        join: sql``,
        key: sql`null::uuid as "ruleId", null::uuid as "teamId", null::timestamptz as day`,
        groupBy: sql``,
      };
  }
}

export function groupKeyOf(row: {
  ruleId: string | null;
  teamId: string | null;
  day: unknown;
}): ReportGroupKey {
  return { ruleId: row.ruleId, teamId: row.teamId, day: isoOrNull(row.day) };
}
