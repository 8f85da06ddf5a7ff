import type { EntityManager } from '@mikro-orm/core';
import { ruleFilterCondition } from '../alert-rules/alert-rule-filter';
import type { Actor } from '../auth/actor';
import type { AlertRuleType, AlertState } from '../entities/alert-rule.entity';
import { isId } from '../entities/new-id';
import { forbidden, notFound } from '../errors/domain-error';
import { joinSql, type SqlFragment, selectRows, sql } from '../persistence/sql-fragment';
import { alertRulePolicy } from '../policy/alert-rule-policy';

/**
 * What every report narrows by. Times are ISO 8601 instants, `from` inclusive and `to` exclusive;
 * the lists are "any of" except `tags` (every one must be on the rule), as in the rule list.
 */
export interface ReportFilter {
  from?: string;
  to?: string;
  ruleIds?: string[];
  ruleTypes?: AlertRuleType[];
  tags?: string[];
  teamIds?: string[];
  /** The rules' current state. */
  ruleStates?: AlertState[];
}

/**
 * The reported rules as a condition on `alert_rules r`, always inside what the actor may see (the
 * rule list's own condition): a filter narrows the caller's rules, it never reaches others'.
 */
export function reportedRules(actor: Actor, filter: ReportFilter): SqlFragment {
  const parts = [
    ruleFilterCondition(actor, { types: filter.ruleTypes, tags: filter.tags, status: filter.ruleStates }),
  ];
  if (filter.ruleIds?.length) parts.push(sql`r.id in (${filter.ruleIds.filter(isId)})`);
  if (filter.teamIds?.length) {
    parts.push(
      sql`r.id in (select ft.alert_rule_id from alert_rule_teams ft where ft.team_id in (${filter.teamIds.filter(isId)}))`,
    );
  }
  return joinSql(parts, ' and ');
}

/** `column` within the filter's time range. */
export function withinRange(column: SqlFragment, filter: ReportFilter): SqlFragment {
  const parts = [sql`true`];
  if (filter.from) parts.push(sql`${column} >= ${filter.from}::timestamptz`);
  if (filter.to) parts.push(sql`${column} < ${filter.to}::timestamptz`);
  return joinSql(parts, ' and ');
}

/**
 * Refuses a filter naming what the caller may not report on, in one statement at most: a rule it
 * cannot see is "not found", as everywhere (a 403 would confirm the id names a rule); a team it is
 * not a member of is forbidden to a member (teams are no secret; their rules are).
 */
export async function assertReportable(em: EntityManager, actor: Actor, filter: ReportFilter): Promise<void> {
  const ruleIds = filter.ruleIds ?? [];
  const teamIds = alertRulePolicy.seesEveryRule(actor) ? [] : (filter.teamIds ?? []);
  if (ruleIds.length === 0 && teamIds.length === 0) return;
  if (!ruleIds.every(isId)) throw notFound('Alert rule');
  if (!teamIds.every(isId)) throw forbidden('Only members of a team may report on its rules.');
  const [found] = await selectRows<{ rules: number; teams: number }>(
    em,
    sql`select (select count(*)::int from alert_rules r where r.id in (${ruleIds}) and ${reportedRules(actor, {})}) as rules,
               (select count(*)::int from teams t where t.id in (${teamIds})
                 and (t.owner_id = ${actor.userId} or exists (select 1 from team_members tm
                       where tm.team_id = t.id and tm.user_id = ${actor.userId}))) as teams`,
  );
  if ((found?.rules ?? 0) < new Set(ruleIds).size) throw notFound('Alert rule');
  if ((found?.teams ?? 0) < new Set(teamIds).size) {
    throw forbidden('Only members of a team, an owner or a manager may report on its rules.');
  }
}
