import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onSessionChange } from './session';

/**
 * Sends the user to the login page, back to where they were afterwards, when the session is given
 * up: a logout, or "Log in as someone else" in the expired-session dialog (a refused refresh
 * alone opens that dialog and keeps the page).
 */
export function useSignedOutRedirect(): void {
  const navigate = useNavigate();
  const href = useRouterState({ select: (state) => state.location.href });
  useEffect(
    () =>
      onSessionChange((user) => {
        if (!user) void navigate({ to: '/login', search: { redirect: href } });
      }),
    [navigate, href],
  );
}
