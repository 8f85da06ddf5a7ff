import { type AlertRuleTypeCatalog, alertRuleCommonShape } from '@oncall/contracts';
import { type FormField, formFields } from '../forms/form-fields';

/** One form: a type's fields, or one query type's of a type that has several. */
export interface RuleTypeForm {
  type: string;
  queryType?: string;
  fields: FormField[];
}

const COMMON_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'queryType',
  ...Object.keys(alertRuleCommonShape),
]);

/**
 * The rule forms of the catalog's types, read from the fields each plugin declares, so the web UI
 * draws a type's form from what the plugin says rather than from a copy of it.
 */
export function ruleTypeForms(catalog: AlertRuleTypeCatalog): RuleTypeForm[] {
  return [...catalog].flatMap(([type, typeFields]) =>
    'fields' in typeFields
      ? [{ type, fields: formFields(typeFields.fields, COMMON_FIELDS) }]
      : Object.entries(typeFields.byQueryType).map(([queryType, fields]) => ({
          type,
          queryType,
          fields: formFields(fields, COMMON_FIELDS),
        })),
  );
}
