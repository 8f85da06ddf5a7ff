import { createFileRoute } from '@tanstack/react-router';
import { SchedulePage } from '../../schedules/schedule-page';

/** One schedule: its calendar from the resolver, overrides and swaps. */
export const Route = createFileRoute('/_app/schedules_/$scheduleId')({
  component: ScheduleRoute,
});

function ScheduleRoute() {
  const { scheduleId } = Route.useParams();
  return <SchedulePage scheduleId={scheduleId} />;
}
