import {
  ActionIcon,
  Autocomplete,
  Button,
  Group,
  JsonInput,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FieldValue, fieldLabel, type KeyValue, type RuleFormField } from './rule-draft';

export interface PickList {
  /** Values to pick from (or, for text, to complete from). */
  options?: { value: string; label: string }[];
  /** Why the list is incomplete: a source that could not be reached. */
  problem?: string | null;
  loading?: boolean;
}

const strings = (value: FieldValue) =>
  Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];

/** One field a rule type's plugin declares, drawn by its kind; pick lists where there are some. */
export function RuleTypeField({
  field,
  value,
  onChange,
  error,
  pick,
}: {
  field: RuleFormField;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  error?: string;
  pick?: PickList;
}) {
  const label = fieldLabel(field.name);
  const common = {
    label,
    required: field.required,
    error: error ?? undefined,
    description: pick?.problem ?? undefined,
  };
  const options = pick?.options;
  switch (field.kind) {
    case 'boolean':
      return (
        <Switch
          label={label}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          error={error}
        />
      );
    case 'integer':
      return (
        <NumberInput
          {...common}
          allowDecimal={false}
          min={field.min}
          max={field.max}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : '')}
        />
      );
    case 'choice':
      return (
        <Select
          {...common}
          data={field.options ?? []}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={(next) => onChange(next ?? '')}
          clearable={!field.required}
        />
      );
    case 'text':
      if (options && options.length > 0 && field.name.endsWith('Id')) {
        return (
          <Select
            {...common}
            data={options}
            searchable
            value={typeof value === 'string' && value !== '' ? value : null}
            onChange={(next) => onChange(next ?? '')}
          />
        );
      }
      return options ? (
        <Autocomplete
          {...common}
          data={options.map((option) => option.value)}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        />
      ) : (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'longText':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      );
    case 'choiceList':
      return (
        <MultiSelect
          {...common}
          data={field.options ?? []}
          value={strings(value)}
          onChange={onChange}
          clearable
        />
      );
    case 'textList':
      if (options && field.name.endsWith('Ids')) {
        return (
          <MultiSelect
            {...common}
            data={options}
            value={strings(value)}
            onChange={onChange}
            searchable
            clearable
          />
        );
      }
      return (
        <TagsInput
          {...common}
          data={options?.map((option) => option.value) ?? []}
          value={strings(value)}
          onChange={onChange}
          clearable
        />
      );
    case 'keyValueList':
      return (
        <KeyValueField
          label={label}
          pairs={Array.isArray(value) ? (value as KeyValue[]) : []}
          onChange={onChange}
          keys={options?.map((option) => option.value)}
          error={error}
          problem={pick?.problem}
        />
      );
    case 'json':
      return (
        <JsonInput
          {...common}
          autosize
          minRows={3}
          formatOnBlur
          validationError="This is not valid JSON."
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        />
      );
  }
}

function KeyValueField({
  label,
  pairs,
  onChange,
  keys,
  error,
  problem,
}: {
  label: string;
  pairs: KeyValue[];
  onChange: (pairs: KeyValue[]) => void;
  keys?: string[];
  error?: string;
  problem?: string | null;
}) {
  const set = (index: number, patch: Partial<KeyValue>) =>
    onChange(pairs.map((pair, i) => (i === index ? { ...pair, ...patch } : pair)));
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {problem && (
        <Text size="xs" c="dimmed">
          {problem}
        </Text>
      )}
      {pairs.map((pair, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pairs have no identity but their place
        <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
          <Autocomplete
            label={`Key ${index + 1}`}
            data={keys ?? []}
            value={pair.key}
            onChange={(key) => set(index, { key })}
            style={{ flex: 1 }}
          />
          <TextInput
            label={`Value ${index + 1}`}
            value={pair.value}
            onChange={(event) => set(index, { value: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove key ${index + 1}`}
            onClick={() => onChange(pairs.filter((_, i) => i !== index))}
          >
            <span aria-hidden>×</span>
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="default"
        size="xs"
        w="fit-content"
        onClick={() => onChange([...pairs, { key: '', value: '' }])}
      >
        Add {label.toLowerCase()}
      </Button>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
