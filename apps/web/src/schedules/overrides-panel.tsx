import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmButton } from '../forms/confirm-button';
import { notifyDone, notifyFailure } from '../forms/notify';
import { trpc } from '../trpc/client';
import type { ScheduleView } from './schedule-draft';
import { rangeText } from './shift-times';

/** What an override does, in words ("Bob replaces Ada"). */
export function overrideText(
  override: ScheduleView['overrides'][number],
  names: ReadonlyMap<string, string>,
): string {
  const name = (id: string | null) => (id ? (names.get(id) ?? id) : 'someone');
  if (override.kind === 'replace')
    return `${name(override.userId)} replaces ${name(override.replacedUserId)}`;
  if (override.kind === 'add') return `${name(override.userId)} is added`;
  return `${name(override.userId)} is taken off call`;
}

/** The schedule's overrides that have not ended, each with Remove. */
export function OverridesPanel({
  schedule,
  names,
}: {
  schedule: ScheduleView;
  names: ReadonlyMap<string, string>;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.schedules.removeOverride.mutationOptions({
      onSuccess: () => notifyDone('The override was removed.'),
      onError: (error) => notifyFailure('Removing the override', error),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.schedules.pathKey() }),
    }),
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="overrides">
      <Title order={2} size="h4" id="overrides">
        Overrides
      </Title>
      {schedule.overrides.length === 0 && (
        <Text size="sm" c="dimmed">
          No overrides ahead. Tap a shift in the calendar to replace, add or remove someone for a while.
        </Text>
      )}
      {schedule.overrides.map((override) => {
        const what = overrideText(override, names);
        const range = rangeText(Date.parse(override.from), Date.parse(override.until));
        return (
          <Paper key={override.id} withBorder p="xs" component="article" aria-label={`${what}, ${range}`}>
            <Group justify="space-between" gap="xs">
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {what}
                </Text>
                <Text size="sm">{range}</Text>
              </Stack>
              <ConfirmButton
                label="Remove"
                aria-label={`Remove the override: ${what}, ${range}`}
                title="Remove the override?"
                confirmLabel="Remove override"
                loading={remove.isPending}
                onConfirm={() => remove.mutate({ id: schedule.id, overrideId: override.id })}
              >
                {what} ({range}) no longer holds; the rotation decides again.
              </ConfirmButton>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
