import type { EntityManager } from '@mikro-orm/core';
import type { AlertRuleTypeCatalog } from '@oncall/contracts';
import { ruleRows } from '../alert-rules/alert-rule-rows';
import { type AlertRuleView, toAlertRuleView } from '../alert-rules/alert-rule-view';
import { isSingleSource } from '../alert-rules/rule-type-catalog';
import type { Actor } from '../auth/actor';
import type { SecretBox } from '../crypto/secret-box';
import { isId } from '../entities/new-id';
import { selectRows, sql } from '../persistence/sql-fragment';
import { reportedRules } from './report-filter';

/** Rules as the rule list shows them, read in batches for the report's nested fields. */
export class ReportedRuleViews {
  constructor(private readonly deps: { secretBox: SecretBox; ruleTypes: AlertRuleTypeCatalog }) {}

  /** Rules by id, in two statements; null where unknown or not visible to the actor. */
  async byId(em: EntityManager, actor: Actor, ruleIds: readonly string[]): Promise<(AlertRuleView | null)[]> {
    const ids = ruleIds.filter(isId);
    const rows = await ruleRows(
      em,
      actor,
      sql`select r.id from alert_rules r where r.id in (${ids}) and ${reportedRules(actor, {})}`,
    );
    const views = new Map(rows.map((row) => [row.id, this.view(row, actor)]));
    return ruleIds.map((id) => views.get(id) ?? null);
  }

  /** Each team's rules the actor may see, in three statements for any number of teams. */
  async byTeam(em: EntityManager, actor: Actor, teamIds: readonly string[]): Promise<AlertRuleView[][]> {
    const ids = teamIds.filter(isId);
    const links = await selectRows<{ teamId: string; ruleId: string }>(
      em,
      sql`select st.team_id as "teamId", st.alert_rule_id as "ruleId"
            from alert_rule_teams st join alert_rules r on r.id = st.alert_rule_id
           where st.team_id in (${ids}) and ${reportedRules(actor, {})}`,
    );
    const views = await this.byId(em, actor, [...new Set(links.map((link) => link.ruleId))]);
    const byRule = new Map(views.flatMap((view) => (view ? [[view.id, view] as const] : [])));
    return teamIds.map((teamId) =>
      links.flatMap((link) => {
        const view = link.teamId === teamId ? byRule.get(link.ruleId) : undefined;
        return view ? [view] : [];
      }),
    );
  }

  private view(row: Parameters<typeof toAlertRuleView>[0], actor: Actor): AlertRuleView {
    return toAlertRuleView(row, actor, this.deps.secretBox, isSingleSource(this.deps.ruleTypes, row.type));
  }
}
