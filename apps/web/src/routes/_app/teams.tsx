import { createFileRoute } from '@tanstack/react-router';
import { TeamsPage } from '../../people/teams-page';

/** Teams and their members. */
export const Route = createFileRoute('/_app/teams')({
  component: TeamsPage,
});
