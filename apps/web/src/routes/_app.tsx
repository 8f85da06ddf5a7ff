import { createFileRoute, redirect } from '@tanstack/react-router';
import { resumeSession } from '../session/session';
import { AppShellLayout } from '../shell/app-shell-layout';

/** Every screen but the login: a session is needed, and the shell frames the screen. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    const user = await resumeSession();
    if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { user };
  },
  component: AppShellLayout,
});
