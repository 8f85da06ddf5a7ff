import { createFileRoute } from '@tanstack/react-router';
import { StatusPage } from '../../status/status-page';

/** The status page of tag groups. */
export const Route = createFileRoute('/_app/status')({
  component: StatusPage,
});
