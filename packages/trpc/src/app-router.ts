import { alertRuleRouter } from './routers/alert-rule-router';
import { authRouter } from './routers/auth-router';
import { configRouter } from './routers/config-router';
import { dataSourceRouter } from './routers/data-source-router';
import { endpointRouter } from './routers/endpoint-router';
import { teamRouter } from './routers/team-router';
import { userRouter } from './routers/user-router';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  users: userRouter,
  teams: teamRouter,
  endpoints: endpointRouter,
  configs: configRouter,
  dataSources: dataSourceRouter,
  alertRules: alertRuleRouter,
});

/** The type first-party clients (the web UI) import; no runtime code crosses with it. */
export type AppRouter = typeof appRouter;
