import { defineEntity, p } from '@mikro-orm/core';
import { AlertRule } from './alert-rule.entity';
import { Team } from './team.entity';

/**
 * A team an alert rule is shared with. Declared (rather than left to the
 * many-to-many) for the index on `team_id`: it serves "the rules shared with my teams" and the cascade when a
 * team is deleted.
 */
const AlertRuleTeamShareSchema = defineEntity({
  name: 'AlertRuleTeamShare',
  tableName: 'alert_rule_teams',
  properties: {
    alertRule: () => p.manyToOne(AlertRule).primary().deleteRule('cascade').updateRule('cascade'),
    team: () => p.manyToOne(Team).primary().deleteRule('cascade').updateRule('cascade').index(),
  },
});

export class AlertRuleTeamShare extends AlertRuleTeamShareSchema.class {}
AlertRuleTeamShareSchema.setClass(AlertRuleTeamShare);

export { AlertRuleTeamShareSchema };
