import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { selectRows, sql } from '../persistence/sql-fragment';
import { type ReportFilter, reportedRules, withinRange } from './report-filter';

/** A rule's noise in the range: its fires (`fired` and `refired` events), episodes and events. */
export interface RuleNoise {
  ruleId: string;
  fires: number;
  episodes: number;
  /** Every history event but tests. */
  events: number;
}

/** The rules that fired most in the range, most fires first (then most events, then id). */
export async function noisiestRules(
  em: EntityManager,
  actor: Actor,
  filter: ReportFilter,
  first: number,
): Promise<RuleNoise[]> {
  return selectRows<RuleNoise>(
    em,
    sql`select e.rule_id as "ruleId",
               count(*) filter (where e.kind in ('fired', 'refired'))::int as fires,
               count(*) filter (where e.kind = 'fired')::int as episodes,
               count(*)::int as events
          from alert_events e join alert_rules r on r.id = e.rule_id
         where e.kind <> 'test' and ${reportedRules(actor, filter)} and ${withinRange(sql`e.created_at`, filter)}
         group by e.rule_id order by fires desc, events desc, e.rule_id limit ${first}`,
  );
}
