import { Fieldset, Group, NumberInput, Select, Stack, TagsInput } from '@mantine/core';
import type { FieldErrors } from '../forms/server-field-errors';
import {
  type GroupingDraft,
  groupByHint,
  groupIntervalHint,
  type IntervalDraft,
  type IntervalUnit,
  repeatIntervalHint,
} from './rule-grouping';

const UNITS: { value: IntervalUnit; label: string }[] = [
  { value: 'seconds', label: 'seconds' },
  { value: 'minutes', label: 'minutes' },
];

/** A 422 at a list's item (`groupBy.2`) shows at the list. */
function errorUnder(errors: FieldErrors, path: string): string | undefined {
  return errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
}

function IntervalField({
  label,
  value,
  onChange,
  hint,
  error,
  placeholder,
}: {
  label: string;
  value: IntervalDraft;
  onChange: (value: IntervalDraft) => void;
  hint: string;
  error: string | undefined;
  placeholder: string;
}) {
  // The unit sits beside the number, inside the field: the label and hint above, a 422 below.
  return (
    <NumberInput
      label={label}
      description={hint}
      placeholder={placeholder}
      value={value.amount}
      min={0}
      allowDecimal={false}
      allowNegative={false}
      onChange={(amount) => onChange({ ...value, amount: typeof amount === 'number' ? amount : '' })}
      error={error}
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1 }}>{input}</div>
          <Select
            aria-label={`${label} unit`}
            data={UNITS}
            value={value.unit}
            allowDeselect={false}
            onChange={(unit) => {
              if (unit === 'seconds' || unit === 'minutes') onChange({ ...value, unit });
            }}
            w={120}
          />
        </Group>
      )}
    />
  );
}

/**
 * The rule's grouping settings (docs/grouping.md): how long a group gathers after a message, the
 * labels that split groups, and when an unacknowledged group is paged again. A 422 shows at its field.
 */
export function RuleGroupingFields({
  value,
  onChange,
  errors,
  defaultGroupInterval,
}: {
  value: GroupingDraft;
  onChange: (value: GroupingDraft) => void;
  errors: FieldErrors;
  /** The service's group interval in seconds, once the server said it. */
  defaultGroupInterval?: number | undefined;
}) {
  return (
    <Fieldset legend="Grouping">
      <Stack gap="sm">
        <IntervalField
          label="Group interval"
          value={value.groupInterval}
          onChange={(groupInterval) => onChange({ ...value, groupInterval })}
          hint={groupIntervalHint(value.groupInterval, defaultGroupInterval)}
          error={errors.groupInterval}
          placeholder="Service default"
        />
        <TagsInput
          label="Group by labels"
          description={groupByHint(value.groupBy)}
          placeholder="e.g. job"
          value={value.groupBy}
          onChange={(groupBy) => onChange({ ...value, groupBy })}
          error={errorUnder(errors, 'groupBy')}
          clearable
        />
        <IntervalField
          label="Repeat interval"
          value={value.repeatInterval}
          onChange={(repeatInterval) => onChange({ ...value, repeatInterval })}
          hint={repeatIntervalHint(value.repeatInterval)}
          error={errors.repeatInterval}
          placeholder="Never"
        />
      </Stack>
    </Fieldset>
  );
}
