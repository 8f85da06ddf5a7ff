import { DomainError, forbidden, type TokenPair, unauthenticated } from '@oncall/core';
import type { BrowserSession } from '../browser-session/browser-session';
import type { TrpcContext } from '../context';
import { idInput, loginInput, refreshInput } from '../inputs/strict-inputs';
import { protectedProcedure, publicProcedure, router } from '../trpc';

/**
 * The browser's session for the browser login variant: only over a transport with cookies, and
 * only for a request from the UI's own page (login CSRF and refresh CSRF are both refused).
 */
function browserSessionOf(ctx: TrpcContext): BrowserSession {
  if (!ctx.browserSession) throw forbidden('Browser sessions need the HTTP transport.');
  if (!ctx.browserSession.fromOwnPage()) throw forbidden('Browser sessions are for the first-party UI only.');
  return ctx.browserSession;
}

/** A pair for the page: the refresh token goes into the cookie, never into script's reach. */
function keptInCookie(session: BrowserSession, pair: TokenPair) {
  session.keep(pair.refreshToken, pair.refreshExpiresIn);
  const { refreshToken: _kept, ...forThePage } = pair;
  return forThePage;
}

export const authRouter = router({
  login: publicProcedure
    .input(loginInput)
    .mutation(({ ctx, input }) =>
      ctx.core.auth.login(input.username, input.password, { ip: ctx.ip, userAgent: ctx.userAgent }),
    ),
  refresh: publicProcedure
    .input(refreshInput)
    .mutation(({ ctx, input }) => ctx.core.auth.refresh(input.refreshToken)),
  logout: protectedProcedure.mutation(({ ctx }) => ctx.core.auth.logout(ctx.actor)),
  me: protectedProcedure.query(({ ctx }) => ctx.core.auth.me(ctx.actor)),
  /** The caller's live sessions, the current one marked. */
  sessions: protectedProcedure.query(({ ctx }) => ctx.core.sessions.list(ctx.actor)),
  /** Ends one of the caller's sessions (its access tokens stop working at once). */
  endSession: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.core.sessions.end(ctx.actor, input.id)),
  /** Ends every session of the caller but this one. */
  endOtherSessions: protectedProcedure.mutation(({ ctx }) => ctx.core.sessions.endOthers(ctx.actor)),
  /** `login` for the web UI: the refresh token is set as an `HttpOnly` cookie and left out of the answer. */
  browserLogin: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const session = browserSessionOf(ctx);
    const pair = await ctx.core.auth.login(input.username, input.password, {
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
    return keptInCookie(session, pair);
  }),
  /**
   * `refresh` for the web UI, with the cookie's token (rotated as `refresh` rotates it, reuse grace
   * included: two tabs refreshing at once keep the session). A refused token expires the cookie; a
   * database that does not answer leaves it for the next try.
   */
  browserRefresh: publicProcedure.mutation(async ({ ctx }) => {
    const session = browserSessionOf(ctx);
    const token = session.refreshToken();
    if (!token) throw unauthenticated('No browser session.');
    try {
      return keptInCookie(session, await ctx.core.auth.refresh(token));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'unauthenticated') session.forget();
      throw error;
    }
  }),
  /** `logout` for the web UI: ends the session server-side (its live streams end too) and expires the cookie. */
  browserLogout: protectedProcedure.mutation(async ({ ctx }) => {
    const session = browserSessionOf(ctx);
    await ctx.core.auth.logout(ctx.actor);
    session.forget();
  }),
});
