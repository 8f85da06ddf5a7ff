import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../../reports/reports-page';

/** Reports over the rules the user can see. */
export const Route = createFileRoute('/_app/reports')({
  component: ReportsPage,
});
