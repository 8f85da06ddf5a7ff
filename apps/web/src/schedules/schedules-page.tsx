import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { browserTimeZone } from '../behavior-rules/behavior-rule-draft';
import { DeleteButton } from '../forms/delete-button';
import { FormDialog } from '../forms/form-dialog';
import { QueryStates } from '../forms/query-states';
import { RowAction } from '../forms/row-actions';
import { trpc } from '../trpc/client';
import { OnCallNow } from './on-call-now';
import { draftOf, type ScheduleView } from './schedule-draft';
import { useScheduleEditing } from './schedule-editing';
import { ScheduleForm } from './schedule-form';
import { useScheduleOptions } from './use-schedule-options';

type Dialog = { mode: 'create' } | { mode: 'edit'; schedule: ScheduleView } | null;

/** The team schedules the user can see, who is on call in each now; create, edit and delete them. */
export function SchedulesPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const schedules = useQuery(trpc.schedules.list.queryOptions());
  const { userOptions, teamOptions, teamNames } = useScheduleOptions();
  const { save, remove } = useScheduleEditing();

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Schedules
        </Title>
        <Button onClick={() => setDialog({ mode: 'create' })}>New schedule</Button>
      </Group>
      <QueryStates
        query={schedules}
        what="the schedules"
        empty={
          schedules.data?.length === 0
            ? {
                title: 'No schedules yet',
                body: 'Create one with New schedule: pick the team, its time zone, and who hands off to whom. Flow steps can then page whoever is on call.',
              }
            : null
        }
      />
      {schedules.data && schedules.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {schedules.data.map((schedule) => (
            <Paper key={schedule.id} withBorder p="sm" component="article" aria-label={schedule.name}>
              <Stack gap={6}>
                <Title order={2} size="h4">
                  <Anchor
                    renderRoot={(props) => (
                      <Link to="/schedules/$scheduleId" params={{ scheduleId: schedule.id }} {...props} />
                    )}
                  >
                    {schedule.name}
                  </Anchor>
                </Title>
                <Text size="sm">
                  Team: {teamNames.get(schedule.teamId) ?? '…'} · {schedule.timeZone}
                </Text>
                <Text size="sm" c="dimmed">
                  {schedule.layers.length} layer{schedule.layers.length === 1 ? '' : 's'} ·{' '}
                  {schedule.overrides.length} override{schedule.overrides.length === 1 ? '' : 's'} ahead
                </Text>
                <OnCallNow scheduleId={schedule.id} />
                <Group gap={6} justify="flex-end">
                  <RowAction
                    label="Edit"
                    name={`Edit ${schedule.name}`}
                    onClick={() => setDialog({ mode: 'edit', schedule })}
                  />
                  <DeleteButton
                    name={schedule.name}
                    what="schedule"
                    loading={remove.isPending}
                    onConfirm={() => remove.mutate({ id: schedule.id })}
                  >
                    Its layers, overrides, swaps and feed go; flow steps that page it find nobody on call.
                  </DeleteButton>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <FormDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.mode === 'edit' ? `Edit ${dialog.schedule.name}` : 'New schedule'}
      >
        {dialog && (
          <ScheduleForm
            original={draftOf(dialog.mode === 'edit' ? dialog.schedule : null, {
              teamId: teamOptions[0]?.value ?? '',
              timeZone: browserTimeZone(),
              now: new Date(),
            })}
            teams={teamOptions}
            users={userOptions}
            onSubmit={async (draft) => {
              await save(dialog.mode === 'edit' ? dialog.schedule.id : null, draft);
              setDialog(null);
            }}
            onCancel={() => setDialog(null)}
          />
        )}
      </FormDialog>
    </Stack>
  );
}
