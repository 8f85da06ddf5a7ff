import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../profile/profile-page';

/** The user's own password and sessions. */
export const Route = createFileRoute('/_app/profile')({
  component: ProfilePage,
});
