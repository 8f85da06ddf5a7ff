import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PeopleStepInput } from './flow-steps';

export interface PickOption {
  value: string;
  label: string;
}

/** A page's urgency: which of each paged person's notification rules run. */
export const URGENCY_CHOICES = [
  { value: 'default', label: 'Default' },
  { value: 'high', label: 'High' },
];

/**
 * The picker's options, with the chosen one kept when the user cannot see it (another team's
 * schedule in a shared flow), so the step reads back as it is stored rather than as blank.
 */
export function withChosen(options: PickOption[], chosen: string, unseen: string): PickOption[] {
  return chosen === '' || options.some((option) => option.value === chosen)
    ? options
    : [...options, { value: chosen, label: unseen }];
}

/** A people step's urgency: which of each paged person's notification rules run. */
export function UrgencySelect({
  number,
  step,
  onChange,
  error,
}: {
  number: number;
  step: PeopleStepInput;
  onChange: (urgency: 'default' | 'high') => void;
  error: string | undefined;
}) {
  return (
    <Select
      label={`Step ${number} urgency`}
      data={URGENCY_CHOICES}
      value={step.urgency ?? 'default'}
      allowDeselect={false}
      onChange={(value) => onChange(value === 'high' ? 'high' : 'default')}
      error={error}
    />
  );
}

/**
 * A people step's picker: whom it pages (a user, a team, a schedule), its urgency, any further
 * fields the kind has, and what the step does in words. One above the other on a phone: side by
 * side, names were cut off at 375 px.
 */
export function PersonStepPicker({
  number,
  noun,
  placeholder,
  options,
  value,
  unseen,
  onPick,
  step,
  onUrgency,
  error,
  description,
  children,
}: {
  number: number;
  /** What is picked, as the label names it: "user", "team", "schedule". */
  noun: string;
  placeholder: string;
  options: PickOption[];
  value: string;
  /** The label of a chosen one the user cannot see. */
  unseen: string;
  onPick: (value: string) => void;
  step: PeopleStepInput;
  onUrgency: (urgency: 'default' | 'high') => void;
  /** The server's message for a field of the step (`userId`, `urgency`). */
  error: (field: string) => string | undefined;
  /** What the step does, in words. */
  description: string;
  /** Fields of this kind of step between the picker and the urgency. */
  children?: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
        <Select
          label={`Step ${number} ${noun}`}
          placeholder={placeholder}
          data={withChosen(options, value, unseen)}
          value={value || null}
          onChange={(picked) => onPick(picked ?? '')}
          searchable
          allowDeselect={false}
          error={error(`${noun}Id`)}
        />
        {children}
        <UrgencySelect number={number} step={step} onChange={onUrgency} error={error('urgency')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
    </Stack>
  );
}
