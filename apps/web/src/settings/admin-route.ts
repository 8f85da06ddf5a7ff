import { redirect } from '@tanstack/react-router';

/** The roles that manage instance settings and data sources (the server's settings policy). */
export function managesSettings(role: string): boolean {
  return role === 'owner' || role === 'manager';
}

/**
 * A route's `beforeLoad` for the settings screens: a member is sent to Now rather than shown a
 * screen whose every request the server refuses.
 */
export function adminOnly({ context }: { context: { user: { role: string } } }): void {
  if (!managesSettings(context.user.role)) throw redirect({ to: '/' });
}
