import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import type { AlertRuleType, AlertState } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { standingOnRule } from '../rule-access/rule-standing';

export interface AccessibleRule {
  id: string;
  name: string;
  type: AlertRuleType;
  state: AlertState;
  showAcknowledgeBtn: boolean;
}

/**
 * The rule, if the actor may see it (the alert-rule policy decides; 404 otherwise), with what the
 * lifecycle routes show.
 */
export async function loadVisibleRule(
  em: EntityManager,
  actor: Actor,
  ruleId: string,
): Promise<AccessibleRule> {
  const standing = await standingOnRule(em, actor, ruleId);
  const [rule] = await queryRows<{ name: string; state: AlertState; showAcknowledgeBtn: boolean }>(
    em,
    'select name, state, show_acknowledge_btn as "showAcknowledgeBtn" from alert_rules where id = ?',
    [standing.id],
  );
  return {
    id: standing.id,
    type: standing.type,
    name: rule?.name ?? '',
    state: rule?.state ?? 'unknown',
    showAcknowledgeBtn: rule?.showAcknowledgeBtn ?? false,
  };
}
