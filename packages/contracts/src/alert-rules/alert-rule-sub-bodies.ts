import { z } from 'zod';
import { idField, idList } from '../common/fields';
import { endpointIdList, tagList, teamIdList, userIdList } from './alert-rule-fields';

export const alertRuleTagsBody = z.object({ tags: tagList });

export const alertRuleNotifyBody = z.object({ endpointIds: endpointIdList });

export const alertRuleBatchNotifyBody = z.object({
  alertIds: idList('alert ids').min(1, 'Select at least one alert rule.'),
  endpoints: idList('endpoints').min(1, 'Select at least one endpoint.'),
});

export const alertRuleAccessBody = z.object({
  userIds: userIdList.default([]),
  teamIds: teamIdList.default([]),
});

export const alertRuleAddUserNotifyBody = z.object({
  userIds: userIdList.default([]),
  teamIds: teamIdList.default([]),
  endpointIds: endpointIdList.default([]),
});

export const externalRulesQuery = z.object({
  type: z.enum(['prometheus', 'grafana'], { error: 'The type must be prometheus or grafana.' }),
  dataSourceId: idField('data source id'),
});
