import { createFileRoute } from '@tanstack/react-router';
import { SchedulesPage } from '../../schedules/schedules-page';

/** The team schedules the user can see and who is on call in each. */
export const Route = createFileRoute('/_app/schedules')({
  component: SchedulesPage,
});
