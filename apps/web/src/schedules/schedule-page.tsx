import { Anchor, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { browserTimeZone } from '../behavior-rules/behavior-rule-draft';
import { DeleteButton } from '../forms/delete-button';
import { FormDialog } from '../forms/form-dialog';
import { notifyDone } from '../forms/notify';
import { QueryStates } from '../forms/query-states';
import { usePhone } from '../forms/use-phone';
import { trpc } from '../trpc/client';
import { type CalendarView, stepped, VIEW_OPTIONS, viewRange } from './calendar-range';
import { calendarRows, localDays } from './calendar-rows';
import { OnCallNow } from './on-call-now';
import { OverridesPanel } from './overrides-panel';
import { CalendarLegend, type PickedShift, ShiftList, WeekGrid } from './schedule-calendar';
import { draftOf } from './schedule-draft';
import { useScheduleEditing } from './schedule-editing';
import { ScheduleForm } from './schedule-form';
import { ShiftDialog } from './shift-dialog';
import { dayText } from './shift-times';
import { SwapsPanel } from './swaps-panel';
import { useScheduleOptions } from './use-schedule-options';

const DAY = 86_400_000;

/**
 * One schedule: who is on call now, the calendar drawn from the resolver (the final row, each layer,
 * overrides marked, gaps highlighted) in the user's time zone, its overrides and open swaps. A tap
 * on a shift adds an override or offers a swap.
 */
export function SchedulePage({ scheduleId }: { scheduleId: string }) {
  const phone = usePhone();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [view, setView] = useState<CalendarView>(phone ? 'twoWeeks' : 'week');
  const [anchor, setAnchor] = useState(() => new Date());
  const [picked, setPicked] = useState<PickedShift | null>(null);
  const [editing, setEditing] = useState(false);
  const schedule = useQuery(trpc.schedules.get.queryOptions({ id: scheduleId }));
  const { start, days } = viewRange(view, anchor);
  const range = localDays(start, days);
  const from = range[0]?.from ?? start.getTime();
  const until = range[range.length - 1]?.until ?? from;
  // A day more on each side, so a shift that crosses the view's edge opens whole (its real start
  // and end), not cut where the view is.
  const calendar = useQuery(
    trpc.schedules.calendar.queryOptions({
      id: scheduleId,
      from: new Date(from - DAY).toISOString(),
      until: new Date(until + DAY).toISOString(),
    }),
  );
  const { userOptions, teamOptions, names, teamNames } = useScheduleOptions();
  const { save, remove } = useScheduleEditing({ onDeleted: () => void navigate({ to: '/schedules' }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.schedules.pathKey() });
  const addOverride = useMutation(trpc.schedules.addOverride.mutationOptions({ onSuccess: refresh }));
  const offerSwap = useMutation(trpc.schedules.offerSwap.mutationOptions({ onSuccess: refresh }));

  if (!schedule.data) {
    return (
      <Stack gap="md">
        <Anchor component={Link} to="/schedules" size="sm">
          ← Schedules
        </Anchor>
        <QueryStates query={schedule} what="the schedule" empty={null} />
      </Stack>
    );
  }
  const current = schedule.data;
  const rows = calendar.data
    ? calendarRows({
        segments: calendar.data.segments,
        layers: current.layers,
        overrides: current.overrides,
        names,
      })
    : [];
  const final = rows[0];
  const myZone = browserTimeZone();

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/schedules" size="sm">
        ← Schedules
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {current.name}
          </Title>
          <Text size="sm">
            Team: {teamNames.get(current.teamId) ?? '…'} · hands off on {current.timeZone} time
          </Text>
        </Stack>
        <Group gap={6}>
          <Button size="xs" variant="default" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <DeleteButton
            name={current.name}
            what="schedule"
            loading={remove.isPending}
            onConfirm={() => remove.mutate({ id: current.id })}
          >
            Its layers, overrides, swaps and feed go; flow steps that page it find nobody on call.
          </DeleteButton>
        </Group>
      </Group>
      <OnCallNow scheduleId={current.id} />

      <Paper withBorder p="sm" component="section" aria-labelledby="calendar-heading">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4" id="calendar-heading">
              Calendar from {dayText(from)}
            </Title>
            <SegmentedControl
              aria-label="Calendar view"
              size="xs"
              data={VIEW_OPTIONS}
              value={view}
              onChange={(value) => setView(value as CalendarView)}
            />
          </Group>
          <Group gap={6}>
            <Button size="xs" variant="default" onClick={() => setAnchor(stepped(view, anchor, -1))}>
              Earlier
            </Button>
            <Button size="xs" variant="default" onClick={() => setAnchor(new Date())}>
              Today
            </Button>
            <Button size="xs" variant="default" onClick={() => setAnchor(stepped(view, anchor, 1))}>
              Later
            </Button>
          </Group>
          <Text size="xs">
            Times in your time zone ({myZone})
            {myZone === current.timeZone ? '.' : `; the schedule hands off on ${current.timeZone} time.`}
          </Text>
          <CalendarLegend />
          <QueryStates query={calendar} what="the calendar" empty={null} />
          {calendar.data && view === 'week' && <WeekGrid rows={rows} start={start} onPick={setPicked} />}
          {calendar.data && view !== 'week' && final && (
            <ShiftList row={final} start={start} days={days} onPick={setPicked} />
          )}
        </Stack>
      </Paper>

      <OverridesPanel schedule={current} names={names} />
      <SwapsPanel scheduleId={current.id} />

      <ShiftDialog
        shift={picked}
        users={userOptions}
        onClose={() => setPicked(null)}
        onOverride={async (override) => {
          await addOverride.mutateAsync({ id: current.id, override });
          notifyDone('The override was added.');
          setPicked(null);
        }}
        onOfferSwap={async (swap) => {
          await offerSwap.mutateAsync({ id: current.id, swap });
          notifyDone('Your swap offer is open: anyone in the team may take it.');
          setPicked(null);
        }}
      />
      <FormDialog opened={editing} onClose={() => setEditing(false)} title={`Edit ${current.name}`}>
        {editing && (
          <ScheduleForm
            original={draftOf(current, {
              teamId: current.teamId,
              timeZone: current.timeZone,
              now: new Date(),
            })}
            teams={teamOptions}
            users={userOptions}
            onSubmit={async (draft) => {
              await save(current.id, draft);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        )}
      </FormDialog>
    </Stack>
  );
}
