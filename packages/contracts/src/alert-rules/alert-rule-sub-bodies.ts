import { z } from 'zod';
import { idField, idList } from '../common/fields';
import { endpointIdList, oneOf, orList, tagList, teamIdList, userIdList } from './alert-rule-fields';

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

/**
 * `create-data/rules`: a data source of one of `types`, the rule types whose sources list the
 * alert rules defined in them.
 *
 * @example externalRulesQuery(['prometheus', 'grafana']) // refuses others with 'The type must be prometheus or grafana.'
 */
export const externalRulesQuery = (types: readonly string[]) =>
  z.object({
    type: oneOf(types, `The type must be ${orList(types)}.`),
    dataSourceId: idField('data source id'),
  });

/**
 * `create-data/rules` without `dataSourceId`, as the original web UI's rule forms ask
 * (`getDataSourceAlertName(type)`): any rule type, every data source of it.
 *
 * @example everySourceRulesQuery(['api', 'prometheus']) // refuses others with 'The type must be api or prometheus.'
 */
export const everySourceRulesQuery = (types: readonly string[]) =>
  z.object({ type: oneOf(types, `The type must be ${orList(types)}.`) });
