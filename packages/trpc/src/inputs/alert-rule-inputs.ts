import {
  type AlertRuleTypeCatalog,
  alertRuleAccessBody,
  alertRuleAddUserNotifyBody,
  alertRuleBatchNotifyBody,
  alertRuleCreateBodySchema,
  alertRuleFilterShape,
  alertRuleUpdateBodySchema,
  externalRulesQuery,
  idField,
  idList,
  labelNameSchema,
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

/**
 * The inputs that name rule types or their fields, built from the catalog of the loaded plugins;
 * `externalRuleTypes`: the types whose sources list their alert rules.
 */
export function alertRuleTypeInputs(catalog: AlertRuleTypeCatalog, externalRuleTypes: readonly string[]) {
  // `ids`: the rules a UI selection names, for group actions over them (tRPC only).
  const filterShape = { ...alertRuleFilterShape(catalog), ids: idList('rule ids').optional() };
  const withSilence = { ...filterShape, silentStatus: silentStatusField.optional() };
  /** Group delete and add-user-notify take the filters without `silentStatus`. */
  const filterWithoutSilence = z.strictObject(filterShape).prefault({});
  return {
    list: z.strictObject({ ...pageQueryShape(), ...withSilence }).prefault({}),
    filter: z.strictObject(withSilence).prefault({}),
    filterWithoutSilence,
    create: alertRuleCreateBodySchema(catalog, 'strict'),
    update: alertRuleUpdateBodySchema(catalog, 'strict').extend(id),
    addUserNotify: alertRuleAddUserNotifyBody.strict().extend({ filter: filterWithoutSilence }),
    externalRules: externalRulesQuery(externalRuleTypes).strict(),
  };
}

export type AlertRuleTypeInputs = ReturnType<typeof alertRuleTypeInputs>;

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
export const labelValuesInput = z.strictObject({ label: labelNameSchema });
