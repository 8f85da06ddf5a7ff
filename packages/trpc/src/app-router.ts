import type { PluginRegistry } from '@oncall/core';
import { providerConfigForms } from '@oncall/core';
import { alertRuleRouter } from './routers/alert-rule-router';
import { authRouter } from './routers/auth-router';
import { createConfigRouter } from './routers/config-router';
import { dataSourceRouter } from './routers/data-source-router';
import { endpointRouter } from './routers/endpoint-router';
import { teamRouter } from './routers/team-router';
import { userRouter } from './routers/user-router';
import { router } from './trpc';

/**
 * The tRPC router over the loaded plugins, built once when the face is mounted: inputs that take
 * plugin types (provider config kinds and their fields) are built from the registry.
 *
 * @example const appRouter = createAppRouter(core.plugins);
 */
export function createAppRouter(plugins: PluginRegistry) {
  return router({
    auth: authRouter,
    users: userRouter,
    teams: teamRouter,
    endpoints: endpointRouter,
    configs: createConfigRouter(providerConfigForms(plugins)),
    dataSources: dataSourceRouter,
    alertRules: alertRuleRouter,
  });
}

/** The type first-party clients (the web UI) import; no runtime code crosses with it. */
export type AppRouter = ReturnType<typeof createAppRouter>;
