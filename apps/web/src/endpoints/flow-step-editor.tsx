import { Button, Group, MultiSelect, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { FieldErrors } from '../forms/server-field-errors';
import {
  type DraftStep,
  describePeopleStep,
  moveStep,
  newStep,
  type PeopleNames,
  totalWaitSeconds,
} from './flow-steps';
import { PersonStepPicker, type PickOption } from './person-step-picker';

export interface StepCandidate {
  id: string;
  name: string;
  type: string;
}

/** What people steps may page: the schedules, users and teams the user can see. */
export interface PeopleOptions {
  schedules: PickOption[];
  users: PickOption[];
  teams: PickOption[];
}

const IF_NOBODY = [
  { value: 'nextStep', label: 'Go on to the next step at once' },
  { value: 'teamAdmins', label: "Page the schedule team's admins" },
];

const namesOf = (options: PickOption[]) => new Map(options.map((option) => [option.value, option.label]));

const UNITS = [
  { value: 's', label: 'seconds' },
  { value: 'm', label: 'minutes' },
  { value: 'h', label: 'hours' },
];

function stepLabel(step: DraftStep): string {
  switch (step.type) {
    case 'wait':
      return 'wait';
    case 'endpoint':
      return 'notify';
    case 'repeat':
      return 'repeat until acknowledged';
    case 'schedule':
      return 'page who is on call';
    case 'rotation':
      return "page a rotation's current person";
    case 'user':
      return 'page a user';
    case 'team':
      return 'page a team';
  }
}

function waitSummary(seconds: number): string {
  if (seconds === 0) return 'No waits: every step is notified at once.';
  const minutes = Math.round(seconds / 60);
  return seconds < 60 ? `Waits ${seconds} s in all.` : `Waits about ${minutes} min in all.`;
}

/**
 * A flow's steps in order: notify some endpoints, wait, page whoever is on call, a user or a team,
 * notify others... Every step moves with buttons (keyboard and touch alike), and the server's
 * message for a step shows at its field.
 */
export function FlowStepEditor({
  steps,
  onChange,
  candidates,
  people,
  errors,
}: {
  steps: DraftStep[];
  onChange: (steps: DraftStep[]) => void;
  candidates: StepCandidate[];
  people: PeopleOptions;
  errors: FieldErrors;
}) {
  const names: PeopleNames = useMemo(
    () => ({
      schedules: namesOf(people.schedules),
      users: namesOf(people.users),
      teams: namesOf(people.teams),
    }),
    [people],
  );
  const replace = (index: number, step: DraftStep) =>
    onChange(steps.map((current, at) => (at === index ? step : current)));
  const options = candidates.map((candidate) => ({
    value: candidate.id,
    label: `${candidate.name} (${candidate.type})`,
  }));

  return (
    <Stack gap="xs" role="group" aria-label="Flow steps">
      <Group justify="space-between">
        <Text fw={500} size="sm">
          Steps
        </Text>
        <Text size="xs" c="dimmed">
          {waitSummary(totalWaitSeconds(steps))}
        </Text>
      </Group>
      {steps.length === 0 && (
        <Text size="sm" c="dimmed">
          No steps yet. Add a step that notifies endpoints or pages whoever is on call, then a wait before the
          next one.
        </Text>
      )}
      {errors.steps && (
        <Text size="sm" c="red" role="alert">
          {errors.steps}
        </Text>
      )}
      {steps.map((step, index) => {
        const number = index + 1;
        const error = (field: string) => errors[`steps.${index}.${field}`] ?? errors[`steps.${index}`];
        return (
          <Paper key={step.key} withBorder p="xs" data-testid="flow-step">
            <Stack gap={6}>
              <Group justify="space-between" wrap="wrap" gap={4}>
                <Text size="sm" fw={600}>
                  Step {number}: {stepLabel(step)}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="default"
                    disabled={index === 0}
                    aria-label={`Move step ${number} up`}
                    onClick={() => onChange(moveStep(steps, index, -1))}
                  >
                    Up
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="default"
                    disabled={index === steps.length - 1}
                    aria-label={`Move step ${number} down`}
                    onClick={() => onChange(moveStep(steps, index, 1))}
                  >
                    Down
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove step ${number}`}
                    onClick={() => onChange(steps.filter((_, at) => at !== index))}
                  >
                    Remove
                  </Button>
                </Group>
              </Group>
              {step.type === 'repeat' ? (
                <Group gap="xs" grow wrap="nowrap">
                  <NumberInput
                    label={`Step ${number} rounds`}
                    description="At most this many more times"
                    min={1}
                    max={20}
                    allowDecimal={false}
                    value={step.rounds}
                    onChange={(value) => replace(index, { ...step, rounds: Number(value) || 0 })}
                    error={error('rounds')}
                  />
                  <NumberInput
                    label={`Step ${number} repeats from step`}
                    min={1}
                    max={Math.max(1, index)}
                    allowDecimal={false}
                    value={(step.fromStep ?? 0) + 1}
                    onChange={(value) =>
                      replace(index, { ...step, fromStep: Math.max(0, Number(value) - 1) })
                    }
                    error={error('fromStep')}
                  />
                </Group>
              ) : step.type === 'wait' ? (
                <Group gap="xs" grow wrap="nowrap">
                  <NumberInput
                    label={`Step ${number} wait`}
                    min={1}
                    max={10080}
                    allowDecimal={false}
                    value={step.duration}
                    onChange={(value) => replace(index, { ...step, duration: Number(value) || 0 })}
                    error={error('duration')}
                  />
                  <Select
                    label={`Step ${number} unit`}
                    data={UNITS}
                    allowDeselect={false}
                    value={step.timeUnit}
                    onChange={(value) =>
                      replace(index, {
                        ...step,
                        timeUnit: value === 's' || value === 'h' ? value : 'm',
                      })
                    }
                    error={error('timeUnit')}
                  />
                </Group>
              ) : step.type === 'schedule' ? (
                <PersonStepPicker
                  number={number}
                  noun="schedule"
                  placeholder={people.schedules.length === 0 ? 'Create a schedule first' : 'Pick a schedule'}
                  options={people.schedules}
                  value={step.scheduleId}
                  unseen="A schedule you cannot see"
                  onPick={(scheduleId) => replace(index, { ...step, scheduleId })}
                  step={step}
                  onUrgency={(urgency) => replace(index, { ...step, urgency })}
                  error={error}
                  description={describePeopleStep(step, names)}
                >
                  <Select
                    label={`Step ${number} if nobody is on call`}
                    data={IF_NOBODY}
                    value={step.ifNobodyOnCall ?? 'nextStep'}
                    allowDeselect={false}
                    onChange={(value) =>
                      replace(index, {
                        ...step,
                        ifNobodyOnCall: value === 'teamAdmins' ? 'teamAdmins' : 'nextStep',
                      })
                    }
                    error={error('ifNobodyOnCall')}
                  />
                </PersonStepPicker>
              ) : step.type === 'user' ? (
                <PersonStepPicker
                  number={number}
                  noun="user"
                  placeholder="Pick a user"
                  options={people.users}
                  value={step.userId}
                  unseen="A user you cannot see"
                  onPick={(userId) => replace(index, { ...step, userId })}
                  step={step}
                  onUrgency={(urgency) => replace(index, { ...step, urgency })}
                  error={error}
                  description={describePeopleStep(step, names)}
                />
              ) : step.type === 'rotation' ? (
                // Written through the API; the editor keeps it as it came and says what it pages.
                <Text size="sm">{describePeopleStep(step, names)}</Text>
              ) : step.type === 'team' ? (
                <PersonStepPicker
                  number={number}
                  noun="team"
                  placeholder={people.teams.length === 0 ? 'Create a team first' : 'Pick a team'}
                  options={people.teams}
                  value={step.teamId}
                  unseen="A team you cannot see"
                  onPick={(teamId) => replace(index, { ...step, teamId })}
                  step={step}
                  onUrgency={(urgency) => replace(index, { ...step, urgency })}
                  error={error}
                  description={describePeopleStep(step, names)}
                />
              ) : (
                <MultiSelect
                  label={`Step ${number} endpoints`}
                  placeholder={
                    candidates.length === 0 ? 'Create an SMS, email or chat endpoint first' : 'Pick endpoints'
                  }
                  data={options}
                  value={step.endpointIds}
                  onChange={(endpointIds) => replace(index, { ...step, endpointIds })}
                  searchable
                  error={error('endpointIds')}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
      {/* Outlined, not light: a light button under the pointer (indigo on its hover tint) falls below
          4.5:1 at this size, and a step added under the pointer is hovered at once. */}
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => onChange([...steps, newStep('endpoint')])}>
          Add notify step
        </Button>
        <Button size="xs" variant="default" onClick={() => onChange([...steps, newStep('wait')])}>
          Add wait
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={steps.some((step) => step.type === 'repeat')}
          onClick={() => onChange([...steps, newStep('repeat')])}
        >
          Add repeat
        </Button>
        <Button size="xs" variant="default" onClick={() => onChange([...steps, newStep('schedule')])}>
          Page who is on call
        </Button>
        <Button size="xs" variant="default" onClick={() => onChange([...steps, newStep('user')])}>
          Page a user
        </Button>
        <Button size="xs" variant="default" onClick={() => onChange([...steps, newStep('team')])}>
          Page a team
        </Button>
      </Group>
    </Stack>
  );
}
