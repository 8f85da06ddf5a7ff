import type { AlertRuleTypeCatalog } from '@oncall/contracts';
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { createBuilder } from './builder';
import { registerAlertRuleFields } from './fields/alert-rule-fields';
import { registerAuthFields } from './fields/auth-fields';
import { registerBehaviorRuleFields } from './fields/behavior-rule-fields';
import { registerHeartbeatFields } from './fields/heartbeat-fields';
import { registerReportFields } from './fields/report-fields';
import { registerScheduleFields } from './fields/schedule-fields';
import { registerTeamFields } from './fields/team-fields';
import { registerUserFields } from './fields/user-fields';
import { registerZoneFields } from './fields/zone-fields';
import { roleEnum } from './types/role';
import { userType } from './types/user';

/**
 * The GraphQL schema of a service whose rule types are `catalog`'s (`alertRuleTypeCatalog` of its
 * plugins): the `AlertRuleType` enum lists them.
 *
 * @example const schema = createSchema(alertRuleTypeCatalog(core.plugins));
 */
export function createSchema(catalog: AlertRuleTypeCatalog): GraphQLSchema {
  const builder = createBuilder();
  const role = roleEnum(builder);
  const user = userType(builder, role);
  registerAuthFields(builder, user);
  registerUserFields(builder, { user, role });
  const team = registerTeamFields(builder);
  const rules = registerAlertRuleFields(builder, catalog);
  registerBehaviorRuleFields(builder);
  registerHeartbeatFields(builder);
  registerZoneFields(builder);
  const records = registerReportFields(builder, { ...rules, team, user });
  registerScheduleFields(builder, { team, rule: rules.rule, episode: records.episode, event: records.event });
  return builder.toSchema();
}

/**
 * The SDL committed as `schema.graphql`, with the rule types of `catalog` (the built-in plugins'):
 * sorted, so the file changes only when the schema does.
 */
export function printedSchema(catalog: AlertRuleTypeCatalog): string {
  return `${printSchema(lexicographicSortSchema(createSchema(catalog)))}\n`;
}
