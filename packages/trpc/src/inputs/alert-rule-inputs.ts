import {
  alertRuleAccessBody,
  alertRuleAddUserNotifyBody,
  alertRuleBatchNotifyBody,
  alertRuleCreateBodySchema,
  alertRuleFilterShape,
  alertRuleUpdateBody,
  externalRulesQuery,
  idField,
  idList,
  pageQueryShape,
  silentStatusField,
  tagList,
} from '@oncall/contracts';
import { z } from 'zod';

/**
 * The REST alert-rule shapes made strict. The filters are the list's, without the legacy
 * `status[]` spelling: here `status` is simply a list of states.
 */
const id = { id: idField('id') };
const filterShape = { ...alertRuleFilterShape, silentStatus: silentStatusField.optional() };

export const alertRuleListInput = z.strictObject({ ...pageQueryShape(), ...filterShape }).prefault({});
export const alertRuleFilterInput = z.strictObject(filterShape).prefault({});
/** Group delete and add-user-notify take the filters without `silentStatus`. */
export const alertRuleFilterWithoutSilenceInput = z.strictObject(alertRuleFilterShape).prefault({});
export const alertRuleCreateInput = alertRuleCreateBodySchema('strict');
export const alertRuleUpdateInput = alertRuleUpdateBody.strict().extend(id);

export const alertRuleAddUserNotifyInput = alertRuleAddUserNotifyBody
  .strict()
  .extend({ filter: alertRuleFilterWithoutSilenceInput });

export const alertRuleTagsInput = z.strictObject({ ...id, tags: tagList });
export const alertRuleNotifyInput = z.strictObject({ ...id, endpointIds: idList('endpoint ids') });
export const alertRuleEndpointInput = z.strictObject({
  alertId: idField('alert id'),
  endpointId: idField('endpoint id'),
});
export const alertRuleBatchNotifyInput = alertRuleBatchNotifyBody.strict();
export const alertRuleAccessInput = alertRuleAccessBody.strict().extend(id);
export const alertRuleMemberInput = z.strictObject({
  alertId: idField('alert id'),
  userOrTeamId: idField('user or team id'),
});
export const externalRulesInput = externalRulesQuery.strict();
export const labelValuesInput = z.strictObject({ label: z.string().max(255) });
