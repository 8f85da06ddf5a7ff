import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { type SqlFragment, selectRows, sql } from '../persistence/sql-fragment';
import { SOURCE_UNREACHABLE_FINGERPRINT } from '../scheduled-checks/source-unreachable';
import type { AlertRuleRow, RuleScheduleTarget } from './alert-rule-view';
import { scheduleUsableBy } from './usable-schedule';

/** Pinned rules first, then newest first; the id makes the order total, so pages never overlap. */
export const LIST_ORDER = sql`r.pinned desc, r.created_at desc, r.id desc`;

type RuleColumns = Omit<AlertRuleRow, 'users' | 'teams' | 'endpoints' | 'scheduleTargets' | 'dataSourceIds'>;

interface LinkRow {
  kind: 'user' | 'team' | 'endpoint' | 'schedule' | 'source';
  ruleId: string;
  id: string;
  label: string | null;
  extra: string | null;
}

/**
 * Reads rules as plain rows in two statements, whatever the page size: the rules (with owner and
 * the viewer's silence) and then all their users, teams, endpoints and data sources at once.
 * One statement with a correlated subquery per relation took longer to plan than both of these
 * take to run. `picked` names the rules for `r.id in (…)`: a list of ids or a query selecting
 * them (a page chosen on the narrow sort columns, so only its rows are read whole).
 */
export async function ruleRows(
  em: EntityManager,
  viewer: Pick<Actor, 'userId' | 'role'>,
  picked: SqlFragment,
): Promise<AlertRuleRow[]> {
  const rules = await selectRows<RuleColumns>(
    em,
    sql`select r.id, r.name, r.description, r.type, r.show_acknowledge_btn as "showAcknowledgeBtn",
        r.settings, r.tags, r.pinned, r.state, r.group_interval_seconds as "groupInterval",
        r.group_by as "groupBy", r.repeat_interval_seconds as "repeatInterval", r.sealed_token as "sealedToken",
        r.created_at as "createdAt", r.updated_at as "updatedAt",
        r.owner_id as "ownerId", o.username as "ownerUsername", o.name as "ownerName",
        exists (select 1 from alert_rule_silences s
                 where s.alert_rule_id = r.id and s.user_id = ${viewer.userId}) as silenced,
        (select u.fired_at from alert_instances u
          where u.rule_id = r.id and u.fingerprint = ${SOURCE_UNREACHABLE_FINGERPRINT}
            and u.state in ('critical', 'warning')) as "sourceUnreachableSince"
      from alert_rules r join users o on o.id = r.owner_id
      where r.id in (${picked})
      order by ${LIST_ORDER}`,
  );
  const links = await ruleLinks(
    em,
    viewer,
    rules.map((r) => r.id),
  );
  return rules.map((rule) => {
    const mine = links.get(rule.id) ?? [];
    const of = (kind: LinkRow['kind']) => mine.filter((link) => link.kind === kind);
    return {
      ...rule,
      users: of('user').map((l) => ({ id: l.id, username: l.label ?? '', name: l.extra ?? '' })),
      teams: of('team').map((l) => ({ id: l.id, name: l.label ?? '' })),
      // The endpoint row's `extra` is its type column.
      endpoints: of('endpoint').map((l) => ({
        id: l.id,
        name: l.label ?? '',
        type: l.extra ?? '',
      })),
      // A schedule target's `extra` is its settings as JSON, its label the schedule's name.
      scheduleTargets: of('schedule').map((l) => scheduleTargetOf(l)),
      dataSourceIds: of('source').map((l) => l.id),
    };
  });
}

function scheduleTargetOf(link: LinkRow): RuleScheduleTarget {
  const settings = JSON.parse(link.extra ?? '{}') as Omit<RuleScheduleTarget, 'id' | 'scheduleName'>;
  return { id: link.id, scheduleName: link.label, ...settings };
}

/**
 * Users, teams, endpoints, schedule targets and data sources of the given rules, grouped by rule,
 * in display order. A schedule's name is the viewer's to see only if they may use the schedule
 * (`scheduleUsableBy`), as on GraphQL: reading a rule does not open its schedules.
 */
async function ruleLinks(
  em: EntityManager,
  viewer: Pick<Actor, 'userId' | 'role'>,
  ruleIds: string[],
): Promise<Map<string, LinkRow[]>> {
  const grouped = new Map<string, LinkRow[]>();
  if (ruleIds.length === 0) return grouped;
  const rows = await selectRows<LinkRow>(
    em,
    sql`select 'user' as kind, su.alert_rule_id as "ruleId", u.id, u.username as label, u.name as extra
          from alert_rule_users su join users u on u.id = su.user_id where su.alert_rule_id in (${ruleIds})
        union all
        select 'team', st.alert_rule_id, t.id, t.name, null
          from alert_rule_teams st join teams t on t.id = st.team_id where st.alert_rule_id in (${ruleIds})
        union all
        select 'endpoint', se.alert_rule_id, e.id, e.name, e.type
          from alert_rule_endpoints se join endpoints e on e.id = se.endpoint_id
         where se.alert_rule_id in (${ruleIds})
        union all
        select 'schedule', ts.alert_rule_id, ts.id,
               case when ${scheduleUsableBy(viewer)} then s.name end,
               json_build_object('scheduleId', s.id, 'ifNobodyOnCall', ts.if_nobody_on_call,
                                 'urgency', ts.urgency, 'roundRobin', ts.round_robin)::text
          from alert_rule_schedule_targets ts join schedules s on s.id = ts.schedule_id
               join teams t on t.id = s.team_id
         where ts.alert_rule_id in (${ruleIds})
        union all
        select 'source', sd.alert_rule_id, sd.data_source_id, null, null
          from alert_rule_data_sources sd where sd.alert_rule_id in (${ruleIds})
        order by 1, 4, 3`,
  );
  for (const row of rows) {
    const list = grouped.get(row.ruleId);
    if (list) list.push(row);
    else grouped.set(row.ruleId, [row]);
  }
  return grouped;
}
