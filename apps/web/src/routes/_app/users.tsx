import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../people/users-page';

/** Users and their roles (owner and manager roles). */
export const Route = createFileRoute('/_app/users')({
  component: UsersPage,
});
