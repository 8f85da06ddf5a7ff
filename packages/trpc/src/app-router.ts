import { authRouter } from './routers/auth-router';
import { teamRouter } from './routers/team-router';
import { userRouter } from './routers/user-router';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  users: userRouter,
  teams: teamRouter,
});

/** The type first-party clients (the web UI) import; no runtime code crosses with it. */
export type AppRouter = typeof appRouter;
