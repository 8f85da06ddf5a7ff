import { type AlertRuleView, typeFieldsOf } from '@oncall/core';
import type { Builder } from '../builder';
import { alertRuleEndpointType } from './alert-rule-endpoint';
import { alertRuleTeamType } from './alert-rule-team';
import type { AlertRuleTypeEnum } from './alert-rule-type';
import { alertRuleUserType } from './alert-rule-user';
import type { AlertStateEnum } from './alert-state';
import type { SilentStatusEnum } from './silent-status';

/**
 * A rule for reporting. The ingestion token is never shown on this face; the type-specific fields
 * (their shape depends on `type`) come as one JSON document.
 */
export function alertRuleType(
  builder: Builder,
  enums: { ruleType: AlertRuleTypeEnum; state: AlertStateEnum; silentStatus: SilentStatusEnum },
) {
  const user = alertRuleUserType(builder);
  const team = alertRuleTeamType(builder);
  const endpoint = alertRuleEndpointType(builder);
  return builder.objectRef<AlertRuleView>('AlertRule').implement({
    fields: (t) => ({
      id: t.id({ resolve: (rule) => rule.id }),
      name: t.string({ resolve: (rule) => rule.name }),
      description: t.string({ nullable: true, resolve: (rule) => rule.description }),
      type: t.field({ type: enums.ruleType, resolve: (rule) => rule.type }),
      showAcknowledgeBtn: t.boolean({ resolve: (rule) => rule.showAcknowledgeBtn }),
      owner: t.field({ type: user, resolve: (rule) => rule.owner }),
      users: t.field({ type: [user], resolve: (rule) => rule.users }),
      teams: t.field({ type: [team], resolve: (rule) => rule.teams }),
      endpoints: t.field({ type: [endpoint], resolve: (rule) => rule.endpoints }),
      dataSourceIds: t.idList({ resolve: (rule) => rule.dataSourceIds }),
      tags: t.stringList({ resolve: (rule) => rule.tags }),
      pinned: t.boolean({ resolve: (rule) => rule.pinned }),
      groupInterval: t.int({
        nullable: true,
        description:
          'Seconds a group window gathers what follows a message; null: the instance default, 0: none.',
        resolve: (rule) => rule.groupInterval,
      }),
      groupBy: t.stringList({ resolve: (rule) => rule.groupBy }),
      repeatInterval: t.int({
        description: 'Seconds before an unacknowledged firing group is paged again; 0 never.',
        resolve: (rule) => rule.repeatInterval,
      }),
      silentStatus: t.field({ type: enums.silentStatus, resolve: (rule) => rule.silentStatus }),
      state: t.field({ type: enums.state, resolve: (rule) => rule.state }),
      sourceUnreachableSince: t.string({
        nullable: true,
        description:
          'ISO 8601 timestamp: when the rule\'s "source unreachable" episode opened (its evaluation failed past ' +
          'its threshold); null while none is open.',
        resolve: (rule) => rule.sourceUnreachableSince,
      }),
      typeFields: t.string({
        description: 'The type-specific fields as a JSON object, named as the REST create body names them.',
        resolve: (rule) => JSON.stringify(typeFieldsOf(rule)),
      }),
      createdAt: t.string({ description: 'ISO 8601 timestamp.', resolve: (rule) => rule.createdAt }),
      updatedAt: t.string({ description: 'ISO 8601 timestamp.', resolve: (rule) => rule.updatedAt }),
    }),
  });
}
