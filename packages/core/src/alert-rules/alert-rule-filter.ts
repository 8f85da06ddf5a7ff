import type { Actor } from '../auth/actor';
import type { AlertRuleType, AlertState } from '../entities/alert-rule.entity';
import { isId } from '../entities/new-id';
import { containsPattern } from '../persistence/contains-pattern';
import { joinSql, type SqlFragment, sql } from '../persistence/sql-fragment';
import { visibleRules } from '../rule-access/visible-rules';
import type { SilentStatus } from './alert-rule-view';

/** The list's filters; group actions take the same ones and act on every rule they match. */
export interface AlertRuleFilter {
  /** Case-insensitive substring of the name. */
  alertname?: string;
  /** The owner or a shared user. */
  userId?: string;
  types?: AlertRuleType[];
  /** Every tag must be on the rule. */
  tags?: string[];
  /** For the caller. */
  silentStatus?: SilentStatus;
  endpointId?: string;
  /** Any of these states. */
  status?: AlertState[];
  /** Only these rules (a selection in the UI); ids that name no rule the caller sees match nothing. */
  ids?: string[];
}

/** Whether any filter is set; an unfiltered list of every rule can take its total from the counter. */
export function narrowsRules(filter: AlertRuleFilter): boolean {
  return Boolean(
    filter.alertname ||
      filter.userId !== undefined ||
      filter.types?.length ||
      filter.tags?.length ||
      filter.silentStatus ||
      filter.endpointId !== undefined ||
      filter.status?.length ||
      filter.ids !== undefined,
  );
}

/**
 * The filters as a condition on `alert_rules r`, always within what the actor may see: a filter
 * can narrow the caller's rules, never reach others'. An id that cannot name a record matches
 * nothing (it must not reach a uuid column). Relations are tested with `r.id in (…)` over the link
 * tables' far-side indexes rather than `exists` per rule: PostgreSQL then starts from the few
 * matching links instead of probing every rule (measured in docs/benchmarks.md, step 3).
 */
export function ruleFilterCondition(actor: Actor, filter: AlertRuleFilter): SqlFragment {
  const parts = [visibleRules(actor)];
  if (filter.alertname) parts.push(sql`r.name ilike ${containsPattern(filter.alertname)}`);
  if (filter.userId !== undefined) {
    const userId = filter.userId;
    parts.push(
      isId(userId)
        ? sql`r.id in (select fo.id from alert_rules fo where fo.owner_id = ${userId}
            union all select fu.alert_rule_id from alert_rule_users fu where fu.user_id = ${userId})`
        : sql`false`,
    );
  }
  if (filter.types?.length) parts.push(sql`r.type in (${filter.types})`);
  // `@>` on the text[] column is what the GIN index on tags serves.
  if (filter.tags?.length) parts.push(sql`r.tags @> array[${filter.tags}]::text[]`);
  if (filter.endpointId !== undefined) {
    const endpointId = filter.endpointId;
    parts.push(
      isId(endpointId)
        ? sql`r.id in (select fe.alert_rule_id from alert_rule_endpoints fe where fe.endpoint_id = ${endpointId})`
        : sql`false`,
    );
  }
  if (filter.status?.length) parts.push(sql`r.state in (${filter.status})`);
  if (filter.ids !== undefined) {
    const ids = filter.ids.filter(isId);
    parts.push(ids.length > 0 ? sql`r.id in (${ids})` : sql`false`);
  }
  if (filter.silentStatus) {
    const silenced = sql`select fs.alert_rule_id from alert_rule_silences fs where fs.user_id = ${actor.userId}`;
    parts.push(
      filter.silentStatus === 'silent' ? sql`r.id in (${silenced})` : sql`r.id not in (${silenced})`,
    );
  }
  return joinSql(parts, ' and ');
}
