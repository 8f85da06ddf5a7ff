import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onSessionChange } from './session';

/**
 * Sends the user to the login page, back to where they were afterwards, when the session ends
 * elsewhere (a refresh refused, a logout in another tab).
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
