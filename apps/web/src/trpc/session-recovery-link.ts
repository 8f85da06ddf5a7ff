import type { TRPCLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { serverErrorOf } from './server-error';

/**
 * A call refused because the session is gone (UNAUTHORIZED) waits for the session to come back, a
 * refresh from the cookie or the user logging in again over the page, then runs once more; the
 * caller (a form's save, a query) sees only the second answer. The browser-session procedures
 * themselves are left alone (their refusal is what recovery acts on), and subscriptions recover
 * on their own (they reconnect rather than repeat).
 */
export function sessionRecoveryLink<TRouter extends AnyRouter>(
  recover: () => Promise<boolean>,
): TRPCLink<TRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        let current: Unsubscribable | undefined;
        let stopped = false;
        const attempt = (isRetry: boolean) => {
          current = next(op).subscribe({
            next: (value) => observer.next(value),
            error: (error) => {
              const recoverable =
                !isRetry &&
                op.type !== 'subscription' &&
                !op.path.startsWith('auth.browser') &&
                serverErrorOf(error)?.data?.code === 'UNAUTHORIZED';
              if (!recoverable) {
                observer.error(error);
                return;
              }
              recover().then(
                (recovered) => {
                  if (stopped) return;
                  if (recovered) attempt(true);
                  else observer.error(error);
                },
                () => observer.error(error),
              );
            },
            complete: () => observer.complete(),
          });
        };
        attempt(false);
        return () => {
          stopped = true;
          current?.unsubscribe();
        };
      });
}
