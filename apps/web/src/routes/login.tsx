import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../session/login-page';
import { resumeSession } from '../session/session';

interface LoginSearch {
  /** Where to go after logging in: a path inside the app. */
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' && search.redirect.startsWith('/')
      ? { redirect: search.redirect }
      : {},
  beforeLoad: async ({ search }) => {
    if (await resumeSession()) throw redirect({ to: search.redirect ?? '/' });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: next } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LoginPage onLoggedIn={() => navigate({ to: next ?? '/' })} />;
}
