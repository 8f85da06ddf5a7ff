import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { isId } from '../entities/new-id';
import { forbidden, notFound } from '../errors/domain-error';
import { runSql, selectRows, sql } from '../persistence/sql-fragment';
import { assertCanAdministerRule } from '../policy/alert-rule-policy';
import { assertRuleReferences } from '../rule-access/rule-references';
import { standingOnRule } from '../rule-access/rule-standing';
import type { RuleTeamRef, RuleUserRef } from './alert-rule-view';

export interface AlertRuleAccessView {
  id: string;
  /** The owner. */
  userId: string;
  users: RuleUserRef[];
  userIds: string[];
  teams: RuleTeamRef[];
  teamIds: string[];
}

export interface AlertRuleAccessInput {
  userIds: string[];
  teamIds: string[];
}

/**
 * `/alert-rule-user`: who a rule is shared with. Everyone who sees the rule may read the list;
 * admins add and remove users and teams; anyone shared directly may remove itself.
 */
export class AlertRuleAccess {
  constructor(private readonly deps: { orm: MikroORM }) {}

  async get(actor: Actor, id: string): Promise<AlertRuleAccessView> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, id);
    return this.view(em, standing.id, standing.ownerId);
  }

  /** Adds users and teams to those the rule is shared with. */
  async add(actor: Actor, id: string, input: AlertRuleAccessInput): Promise<AlertRuleAccessView> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, id);
    assertCanAdministerRule(actor, standing);
    await assertRuleReferences(em, actor, input);
    await em.transactional(async (tx) => {
      if (input.userIds.length > 0) {
        await runSql(
          tx,
          sql`insert into alert_rule_users (alert_rule_id, user_id)
              select ${standing.id}::uuid, u.id from unnest(array[${input.userIds}]::uuid[]) as u(id)
              on conflict do nothing`,
        );
      }
      if (input.teamIds.length > 0) {
        await runSql(
          tx,
          sql`insert into alert_rule_teams (alert_rule_id, team_id)
              select ${standing.id}::uuid, t.id from unnest(array[${input.teamIds}]::uuid[]) as t(id)
              on conflict do nothing`,
        );
      }
    });
    return this.view(em, standing.id, standing.ownerId);
  }

  /** Removes a shared user or a shared team, whichever the id names. */
  async remove(actor: Actor, alertId: string, userOrTeamId: string): Promise<AlertRuleAccessView> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, alertId);
    if (userOrTeamId !== actor.userId) assertCanAdministerRule(actor, standing);
    if (!isId(userOrTeamId)) throw notFound('User or team on this alert rule');
    const removed = await em.transactional(
      async (tx) =>
        (await runSql(
          tx,
          sql`delete from alert_rule_users where alert_rule_id = ${standing.id} and user_id = ${userOrTeamId}`,
        )) +
        (await runSql(
          tx,
          sql`delete from alert_rule_teams where alert_rule_id = ${standing.id} and team_id = ${userOrTeamId}`,
        )),
    );
    if (removed === 0) {
      // Not shared with that id; for a non-admin removing itself that means its access is via a team.
      if (!standing.canAdminister) throw forbidden();
      throw notFound('User or team on this alert rule');
    }
    return this.view(em, standing.id, standing.ownerId);
  }

  private async view(em: EntityManager, id: string, ownerId: string): Promise<AlertRuleAccessView> {
    const users = await selectRows<RuleUserRef>(
      em,
      sql`select u.id, u.username, u.name from alert_rule_users su join users u on u.id = su.user_id
          where su.alert_rule_id = ${id} order by u.username, u.id`,
    );
    const teams = await selectRows<RuleTeamRef>(
      em,
      sql`select t.id, t.name from alert_rule_teams st join teams t on t.id = st.team_id
          where st.alert_rule_id = ${id} order by t.name, t.id`,
    );
    return {
      id,
      userId: ownerId,
      users,
      userIds: users.map((u) => u.id),
      teams,
      teamIds: teams.map((t) => t.id),
    };
  }
}
