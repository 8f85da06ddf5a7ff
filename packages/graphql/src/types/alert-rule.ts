import { type AlertRuleView, typeFieldsOf } from '@oncall/core';
import { builder } from '../builder';
import { AlertRuleEndpointType } from './alert-rule-endpoint';
import { AlertRuleTeamType } from './alert-rule-team';
import { AlertRuleTypeEnum } from './alert-rule-type';
import { AlertRuleUserType } from './alert-rule-user';
import { AlertStateEnum } from './alert-state';
import { SilentStatusEnum } from './silent-status';

/**
 * A rule for reporting. The ingestion token is never shown on this face; the type-specific fields
 * (their shape depends on `type`) come as one JSON document.
 */
export const AlertRuleType = builder.objectRef<AlertRuleView>('AlertRule').implement({
  fields: (t) => ({
    id: t.id({ resolve: (rule) => rule.id }),
    name: t.string({ resolve: (rule) => rule.name }),
    description: t.string({ nullable: true, resolve: (rule) => rule.description }),
    type: t.field({ type: AlertRuleTypeEnum, resolve: (rule) => rule.type }),
    showAcknowledgeBtn: t.boolean({ resolve: (rule) => rule.showAcknowledgeBtn }),
    owner: t.field({ type: AlertRuleUserType, resolve: (rule) => rule.owner }),
    users: t.field({ type: [AlertRuleUserType], resolve: (rule) => rule.users }),
    teams: t.field({ type: [AlertRuleTeamType], resolve: (rule) => rule.teams }),
    endpoints: t.field({ type: [AlertRuleEndpointType], resolve: (rule) => rule.endpoints }),
    dataSourceIds: t.idList({ resolve: (rule) => rule.dataSourceIds }),
    tags: t.stringList({ resolve: (rule) => rule.tags }),
    pinned: t.boolean({ resolve: (rule) => rule.pinned }),
    silentStatus: t.field({ type: SilentStatusEnum, resolve: (rule) => rule.silentStatus }),
    state: t.field({ type: AlertStateEnum, resolve: (rule) => rule.state }),
    typeFields: t.string({
      description: 'The type-specific fields as a JSON object, named as the REST create body names them.',
      resolve: (rule) => JSON.stringify(typeFieldsOf(rule)),
    }),
    createdAt: t.string({ description: 'ISO 8601 timestamp.', resolve: (rule) => rule.createdAt }),
    updatedAt: t.string({ description: 'ISO 8601 timestamp.', resolve: (rule) => rule.updatedAt }),
  }),
});
