import { Button, Fieldset, Group, Paper, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { URGENCY_CHOICES } from '../endpoints/person-step-picker';
import type { FieldErrors } from '../forms/server-field-errors';
import {
  MAX_SCHEDULE_TARGETS,
  newScheduleTarget,
  type SchedulePick,
  type ScheduleTargetDraft,
  scheduleTargetText,
} from './rule-schedule-targets';

const IF_NOBODY = [
  { value: 'teamAdmins', label: "The team's admins" },
  { value: 'nobody', label: 'Nobody' },
];

/**
 * The schedules a rule pages directly: per schedule whom it pages when nobody is on call, which
 * of each person's notification rules run, and whether one person per alert takes their turn. One
 * column on a phone, so names are not cut off at 375 px.
 */
export function RuleScheduleTargetsEditor({
  value,
  onChange,
  schedules,
  errors,
}: {
  value: ScheduleTargetDraft[];
  onChange: (next: ScheduleTargetDraft[]) => void;
  schedules: SchedulePick[];
  errors: FieldErrors;
}) {
  const replace = (index: number, patch: Partial<ScheduleTargetDraft>) =>
    onChange(value.map((target, i) => (i === index ? { ...target, ...patch } : target)));
  const at = (index: number, field: string) => errors[`scheduleTargets.${index}.${field}`];
  const listError = errors.scheduleTargets;
  return (
    <Fieldset legend="Page schedules">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Everyone on call in a schedule when the rule pages, each by their own notification rules.
        </Text>
        {value.map((target, index) => {
          const number = index + 1;
          const taken = new Set(value.filter((_, i) => i !== index).map((other) => other.scheduleId));
          return (
            <Paper
              key={target.key}
              withBorder
              p="xs"
              radius="sm"
              component={Stack}
              gap={4}
              role="group"
              aria-label={`Schedule ${number} paged`}
            >
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing={4}>
                <Select
                  label={`Schedule ${number}`}
                  placeholder="Pick a schedule"
                  data={schedules.filter((pick) => !taken.has(pick.value))}
                  value={target.scheduleId || null}
                  onChange={(picked) => replace(index, { scheduleId: picked ?? '' })}
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage="No schedule of yours has that name"
                  error={at(index, 'scheduleId')}
                />
                <Select
                  label="If nobody is on call"
                  // The visible label is short enough for one line; the name says which row.
                  aria-label={`Schedule ${number} if nobody is on call`}
                  data={IF_NOBODY}
                  value={target.ifNobodyOnCall}
                  allowDeselect={false}
                  onChange={(picked) =>
                    replace(index, { ifNobodyOnCall: picked === 'nobody' ? 'nobody' : 'teamAdmins' })
                  }
                  error={at(index, 'ifNobodyOnCall')}
                />
                <Select
                  label="Urgency"
                  aria-label={`Schedule ${number} urgency`}
                  data={URGENCY_CHOICES}
                  value={target.urgency}
                  allowDeselect={false}
                  onChange={(picked) => replace(index, { urgency: picked === 'high' ? 'high' : 'default' })}
                  error={at(index, 'urgency')}
                />
              </SimpleGrid>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Switch
                  label="One person per alert, taking turns"
                  aria-label={`Schedule ${number}: one person per alert, taking turns`}
                  checked={target.roundRobin}
                  onChange={(event) => replace(index, { roundRobin: event.currentTarget.checked })}
                  error={at(index, 'roundRobin')}
                />
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  Remove schedule {number}
                </Button>
              </Group>
              <Text size="xs" c="dimmed">
                {scheduleTargetText(target)}
              </Text>
            </Paper>
          );
        })}
        {listError && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {listError}
          </Text>
        )}
        <Group>
          <Button
            variant="default"
            size="sm"
            onClick={() => onChange([...value, newScheduleTarget()])}
            disabled={value.length >= MAX_SCHEDULE_TARGETS || schedules.length === 0}
          >
            Page a schedule
          </Button>
          {schedules.length === 0 && (
            <Text size="sm" c="dimmed">
              You have no schedule yet: a team's schedules are on the Schedules page.
            </Text>
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}
