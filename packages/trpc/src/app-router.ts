import { endpointCatalogOf, type PluginRegistry } from '@oncall/core';
import { alertRuleRouter } from './routers/alert-rule-router';
import { authRouter } from './routers/auth-router';
import { configRouter } from './routers/config-router';
import { dataSourceRouter } from './routers/data-source-router';
import { createEndpointRouter } from './routers/endpoint-router';
import { teamRouter } from './routers/team-router';
import { userRouter } from './routers/user-router';
import { router } from './trpc';

/** The tRPC face, its inputs built from the loaded plugins (the core's registry) at app build time. */
export function createAppRouter(plugins: PluginRegistry) {
  return router({
    auth: authRouter,
    users: userRouter,
    teams: teamRouter,
    endpoints: createEndpointRouter(endpointCatalogOf(plugins)),
    configs: configRouter,
    dataSources: dataSourceRouter,
    alertRules: alertRuleRouter,
  });
}

/** The type first-party clients (the web UI) import; no runtime code crosses with it. */
export type AppRouter = ReturnType<typeof createAppRouter>;
