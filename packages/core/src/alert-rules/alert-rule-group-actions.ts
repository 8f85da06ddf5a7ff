import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { runSql, type SqlFragment, selectRows, sql, trustedSql } from '../persistence/sql-fragment';
import { alertRulePolicy } from '../policy/alert-rule-policy';
import { assertRuleReferences } from '../rule-access/rule-references';
import { administeredRules } from '../rule-access/visible-rules';
import { type AlertRuleFilter, ruleFilterCondition } from './alert-rule-filter';
import { assertEndpointsFitRules } from './endpoint-cap';
import { leaveRule } from './leave-rule';

export interface GroupActionResult {
  status: true;
  /** Rules the filters matched among those the caller can see. */
  matched: number;
  changed: number;
}

export interface GroupDeleteResult {
  status: true;
  matched: number;
  deleted: number;
  accessRemoved: number;
  /** Matched rules seen only through a team: nothing of the caller's to take off. */
  skipped: number;
}

export interface GroupAddResult {
  status: true;
  matched: number;
  updated: number;
  /** Matched rules the caller does not administer. */
  skipped: number;
}

export interface AddUserNotifyInput {
  userIds: string[];
  teamIds: string[];
  endpointIds: string[];
}

/** Ids are handled in slices so one statement never carries an unbounded list. */
const SLICE = 1000;

/** The relations `add-user-notify` extends; names written here, never taken from input. */
const LINKS = [
  { table: 'alert_rule_users', column: 'user_id', ids: (input: AddUserNotifyInput) => input.userIds },
  { table: 'alert_rule_teams', column: 'team_id', ids: (input: AddUserNotifyInput) => input.teamIds },
  {
    table: 'alert_rule_endpoints',
    column: 'endpoint_id',
    ids: (input: AddUserNotifyInput) => input.endpointIds,
  },
] as const;

/**
 * Actions over every rule the list filters match. The filters always include what the caller may
 * see, so a group action never touches a rule the caller cannot see.
 */
export class AlertRuleGroupActions {
  constructor(private readonly deps: { orm: MikroORM; maxEndpointsPerRule: number }) {}

  /** Silences the matched rules for the caller. */
  silent(actor: Actor, filter: AlertRuleFilter): Promise<GroupActionResult> {
    const where = ruleFilterCondition(actor, filter);
    return this.countingMatched(where, (tx) =>
      runSql(
        tx,
        sql`insert into alert_rule_silences (alert_rule_id, user_id)
          select r.id, ${actor.userId}::uuid from alert_rules r where ${where} on conflict do nothing`,
      ),
    );
  }

  unsilent(actor: Actor, filter: AlertRuleFilter): Promise<GroupActionResult> {
    const where = ruleFilterCondition(actor, filter);
    return this.countingMatched(where, (tx) =>
      runSql(
        tx,
        sql`delete from alert_rule_silences where user_id = ${actor.userId}
          and alert_rule_id in (select r.id from alert_rules r where ${where})`,
      ),
    );
  }

  /** Admins delete the matched rules; on the others the caller only leaves, as a single delete does. */
  delete(actor: Actor, filter: AlertRuleFilter): Promise<GroupDeleteResult> {
    const where = ruleFilterCondition(actor, filter);
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const rows = await selectRows<{ id: string; ownerId: string }>(
        tx,
        sql`select r.id, r.owner_id as "ownerId" from alert_rules r where ${where}`,
      );
      const administered = rows.filter((r) => alertRulePolicy.canAdminister(actor, r)).map((r) => r.id);
      const others = rows.filter((r) => !alertRulePolicy.canAdminister(actor, r)).map((r) => r.id);
      let deleted = 0;
      for (const slice of slices(administered)) {
        deleted += await runSql(tx, sql`delete from alert_rules where id in (${slice})`);
      }
      let accessRemoved = 0;
      for (const slice of slices(others)) accessRemoved += (await leaveRule(tx, actor, slice)).length;
      return {
        status: true as const,
        matched: rows.length,
        deleted,
        accessRemoved,
        skipped: others.length - accessRemoved,
      };
    });
  }

  /** Adds users, teams and endpoints to the matched rules the caller administers; skips the rest. */
  async addUserNotify(
    actor: Actor,
    filter: AlertRuleFilter,
    input: AddUserNotifyInput,
  ): Promise<GroupAddResult> {
    const em = this.deps.orm.em.fork();
    await assertRuleReferences(em, actor, input);
    const where = ruleFilterCondition(actor, filter);
    const administered = administeredRules(actor);
    return em.transactional(async (tx) => {
      const [counts] = await selectRows<{ matched: number; administered: number }>(
        tx,
        sql`select count(*)::int as matched, (count(*) filter (where ${administered}))::int as administered
          from alert_rules r where ${where}`,
      );
      const max = this.deps.maxEndpointsPerRule;
      await assertEndpointsFitRules(
        tx,
        sql`${where} and ${administered}`,
        input.endpointIds,
        max,
        'endpointIds',
      );
      for (const link of LINKS) {
        const ids = link.ids(input);
        if (ids.length === 0) continue;
        await runSql(
          tx,
          sql`insert into ${trustedSql(link.table)} (alert_rule_id, ${trustedSql(link.column)})
            select r.id, linked.id from alert_rules r cross join unnest(array[${ids}]::uuid[]) as linked(id)
            where ${where} and ${administered} on conflict do nothing`,
        );
      }
      const matched = counts?.matched ?? 0;
      const updated = counts?.administered ?? 0;
      return { status: true as const, matched, updated, skipped: matched - updated };
    });
  }

  private countingMatched(
    where: SqlFragment,
    change: (tx: EntityManager) => Promise<number>,
  ): Promise<GroupActionResult> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const [row] = await selectRows<{ matched: number }>(
        tx,
        sql`select count(*)::int as matched from alert_rules r where ${where}`,
      );
      return { status: true as const, matched: row?.matched ?? 0, changed: await change(tx) };
    });
  }
}

function* slices(ids: readonly string[]): Generator<string[]> {
  for (let i = 0; i < ids.length; i += SLICE) yield ids.slice(i, i + SLICE);
}
