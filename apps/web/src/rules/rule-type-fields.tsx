import { Stack } from '@mantine/core';
import type { FieldErrors } from '../forms/server-field-errors';
import type { FieldValue, RuleTypeForm } from './rule-draft';
import {
  unreachableOf,
  useExternalRuleNames,
  useFormLists,
  useLabelNames,
  useSourceOptions,
} from './rule-pick-lists';
import { type PickList, RuleTypeField } from './rule-type-field';

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
/** The names of a form list (its plugin's fixed choices, `{ value, label }`, are not names). */
const namesOf = (list: readonly unknown[] | undefined) =>
  list?.filter((item): item is string => typeof item === 'string');

/**
 * The fields a rule type's plugin declares, each with the create-data pick list its name stands
 * for: the type's data sources, the rule names its ruler defines, label names, Zabbix hosts and
 * actions. A source that cannot be reached is named at the field it would have filled.
 */
export function RuleTypeFields({
  form,
  values,
  onChange,
  errors,
}: {
  form: RuleTypeForm;
  values: Record<string, FieldValue>;
  onChange: (name: string, value: FieldValue) => void;
  errors: FieldErrors;
}) {
  const has = (name: string) => form.fields.some((field) => field.name === name);
  const chosenSources = values.dataSourceIds;
  const firstSource =
    Array.isArray(chosenSources) && typeof chosenSources[0] === 'string' ? chosenSources[0] : undefined;
  const sources = useSourceOptions(form.type, has('dataSourceIds') || has('dataSourceId'));
  const ruleNames = useExternalRuleNames(
    form.type,
    firstSource,
    has('dataSourceAlertName') && form.queryType === 'dynamic',
  );
  const labels = useLabelNames(has('extraField'));
  const formLists = useFormLists(form.type, has('hosts') || has('actions'));
  const formList = (name: string): PickList => {
    const names = namesOf(formLists.data?.[name]);
    return {
      options: names ? asOptions(names) : undefined,
      problem: unreachableOf(formLists.data, formLists.error),
    };
  };

  const sourceOptions = (sources.data ?? []).map((source) => ({ value: source.id, label: source.name }));
  const picks: Record<string, PickList> = {
    dataSourceIds: {
      options: sourceOptions,
      problem:
        sources.isSuccess && sourceOptions.length === 0
          ? `No ${form.type} data source yet: add one under Data sources first.`
          : null,
    },
    dataSourceId: { options: sourceOptions },
    dataSourceAlertName: {
      options: ruleNames.data ? asOptions(ruleNames.data.data) : undefined,
      problem: unreachableOf(ruleNames.data, ruleNames.error),
    },
    extraField: {
      options: labels.data ? asOptions(labels.data.data) : undefined,
      problem: unreachableOf(labels.data, labels.error),
    },
    hosts: formList('hosts'),
    actions: formList('actions'),
  };
  return (
    <Stack gap="sm">
      {form.fields.map((field) => (
        <RuleTypeField
          key={field.name}
          field={field}
          value={values[field.name] ?? ''}
          onChange={(value) => onChange(field.name, value)}
          error={errors[field.name]}
          pick={picks[field.name]}
        />
      ))}
    </Stack>
  );
}
