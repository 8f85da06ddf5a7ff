import {
  alertRuleTypeCatalog,
  dataSourceCatalog,
  endpointCatalogOf,
  externalRuleTypes,
  type PluginRegistry,
  providerConfigForms,
} from '@oncall/core';
import { ackLinkRouter } from './routers/ack-link-router';
import { alertRouter } from './routers/alert-router';
import { alertRuleRouter } from './routers/alert-rule-router';
import { authRouter } from './routers/auth-router';
import { behaviorRuleRouter } from './routers/behavior-rule-router';
import { createConfigRouter } from './routers/config-router';
import { dataSourceRouter } from './routers/data-source-router';
import { createEndpointRouter } from './routers/endpoint-router';
import { episodeRouter } from './routers/episode-router';
import { heartbeatRouter } from './routers/heartbeat-router';
import { liveRouter } from './routers/live-router';
import { notificationRuleRouter } from './routers/notification-rule-router';
import { reportRouter } from './routers/report-router';
import { scheduleRouter } from './routers/schedule-router';
import { statusGroupRouter } from './routers/status-group-router';
import { teamRouter } from './routers/team-router';
import { userFeedRouter } from './routers/user-feed-router';
import { userRouter } from './routers/user-router';
import { zoneRouter } from './routers/zone-router';
import { router } from './trpc';

/**
 * The tRPC face, its inputs built for the loaded plugins' types (endpoint types and their fields,
 * provider config kinds and their fields, data-source types, rule types and their fields), built
 * once when the app is.
 *
 * @example const appRouter = createAppRouter(core.plugins);
 */
export function createAppRouter(plugins: PluginRegistry) {
  return router({
    auth: authRouter,
    users: userRouter,
    teams: teamRouter,
    statusGroups: statusGroupRouter,
    endpoints: createEndpointRouter(endpointCatalogOf(plugins)),
    configs: createConfigRouter(providerConfigForms(plugins)),
    dataSources: dataSourceRouter(dataSourceCatalog(plugins)),
    alertRules: alertRuleRouter(
      alertRuleTypeCatalog(plugins),
      externalRuleTypes(plugins),
      [...plugins.sources.values()]
        .filter((source) => source.formLists !== undefined)
        .map((source) => source.dataSourceType),
    ),
    behaviorRules: behaviorRuleRouter,
    live: liveRouter,
    alerts: alertRouter,
    episodes: episodeRouter,
    heartbeats: heartbeatRouter,
    schedules: scheduleRouter,
    profile: router({ notificationRules: notificationRuleRouter, icalFeed: userFeedRouter }),
    zones: zoneRouter,
    ackLinks: ackLinkRouter,
    reports: reportRouter,
  });
}

/**
 * The type first-party clients (the web UI) import; no runtime code crosses with it. Inputs that
 * name plugin types (rule types, their fields) are typed as strings and loose objects.
 */
export type AppRouter = ReturnType<typeof createAppRouter>;
