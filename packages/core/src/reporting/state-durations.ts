import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import type { AlertState } from '../entities/alert-rule.entity';
import { selectRows, sql } from '../persistence/sql-fragment';
import { type ReportFilter, reportedRules } from './report-filter';
import { groupingOf, groupKeyOf, type ReportGroupKey } from './report-grouping';

export const STATE_GROUPINGS = ['none', 'rule', 'team'] as const;
export type StateGrouping = (typeof STATE_GROUPINGS)[number];

/** Seconds the rules spent in one state within the range, summed over the group's rules. */
export interface StateDuration {
  key: ReportGroupKey;
  state: AlertState;
  seconds: number;
}

/**
 * Time in each rule state between `from` and `to` (now when absent), from the history's
 * `rule_state` column: each event holds its state until the rule's next one; at `from` a rule is
 * in the state of its last event before it. Exact to the event, unlike the status timeline's
 * roll-up (`alert_rule_state_periods`), which keeps only each period's worst state and the first
 * and last time each rank was reached.
 */
export async function stateDurations(
  em: EntityManager,
  actor: Actor,
  filter: ReportFilter,
  grouping: StateGrouping,
  now: Date,
): Promise<StateDuration[]> {
  const to = filter.to ?? now.toISOString();
  const rules = reportedRules(actor, filter);
  const carried = filter.from
    ? sql`union all
      select r.id, ${filter.from}::timestamptz, b.id, b.rule_state from alert_rules r
       cross join lateral (select p.id, p.rule_state from alert_events p
                            where p.rule_id = r.id and p.kind <> 'test' and p.created_at < ${filter.from}::timestamptz
                            order by p.created_at desc, p.id desc limit 1) as b
       where ${rules}`
    : sql``;
  const group = groupingOf(grouping, { ruleId: sql`s.rule_id`, at: sql`s.at` });
  const rows = await selectRows<{
    ruleId: string | null;
    teamId: string | null;
    day: unknown;
    state: AlertState;
    seconds: number;
  }>(
    em,
    sql`with marks as (
          select e.rule_id, e.created_at as at, e.id, e.rule_state as state
            from alert_events e join alert_rules r on r.id = e.rule_id
           where e.kind <> 'test' and ${rules}
             and e.created_at >= ${filter.from ?? '-infinity'}::timestamptz and e.created_at < ${to}::timestamptz
          ${carried}),
        spans as (
          select m.rule_id, m.state, m.at,
                 coalesce(lead(m.at) over (partition by m.rule_id order by m.at, m.id), ${to}::timestamptz) as until
            from marks m)
        select ${group.key}, s.state, sum(extract(epoch from s.until - s.at))::float8 as seconds
          from spans s ${group.join}
          ${group.groupBy.text === '' ? sql`group by s.state` : sql`${group.groupBy}, s.state`}
          order by 1, 2, 3, 4`,
  );
  return rows.map((row) => ({ key: groupKeyOf(row), state: row.state, seconds: Number(row.seconds) }));
}
