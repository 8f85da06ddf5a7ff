import type { Actor } from '../auth/actor';
import { forbidden } from '../errors/domain-error';

/** How the actor stands to one rule, as read from the database. */
export interface RuleStanding {
  ownerId: string;
  /** The actor is one of the rule's shared users. */
  sharedWithActor: boolean;
  /** The actor belongs to a team the rule is shared with. */
  sharedWithActorsTeam: boolean;
}

/**
 * Owner and manager roles see and administer every rule; anyone else sees the rules it owns, those
 * shared with it and those shared with one of its teams, and administers only those it owns.
 * Shared users may view, silence (for themselves) and pin; only admins change the rule.
 */
export const alertRulePolicy = {
  seesEveryRule: (actor: Actor) => actor.role === 'owner' || actor.role === 'manager',

  canView: (actor: Actor, rule: RuleStanding) =>
    alertRulePolicy.canAdminister(actor, rule) || rule.sharedWithActor || rule.sharedWithActorsTeam,

  canAdminister: (actor: Actor, rule: { ownerId: string }) =>
    alertRulePolicy.seesEveryRule(actor) || rule.ownerId === actor.userId,
};

export function assertCanAdministerRule(actor: Actor, rule: { ownerId: string }): void {
  if (!alertRulePolicy.canAdminister(actor, rule)) {
    throw forbidden('Only the owner of the alert rule, an owner or a manager may change it.');
  }
}
