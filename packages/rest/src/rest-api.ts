import type { Core } from '@oncall/core';
import type { Heartbeats } from '@oncall/heartbeats';
import type { Schedules } from '@oncall/schedules';
import { Zones } from '@oncall/zones';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { requireAccessToken } from './auth/actor-hook';
import { sendError } from './errors/http-error-mapper';
import { rejectUnsafeInput } from './errors/input-guard';
import { acceptEmptyJsonBody } from './http/empty-json-body';
import { zoneRouting } from './legacy/zone-header';
import { ackLinkRoutes } from './routes/ack-link-routes';
import { alertReadRoutes } from './routes/alert-read-routes';
import { alertRuleCreateDataRoutes } from './routes/alert-rule-create-data-routes';
import { alertRuleGroupRoutes } from './routes/alert-rule-group-routes';
import { alertRuleNotifyRoutes } from './routes/alert-rule-notify-routes';
import { alertRuleRoutes } from './routes/alert-rule-routes';
import { alertRuleTagRoutes } from './routes/alert-rule-tag-routes';
import { alertRuleUserRoutes } from './routes/alert-rule-user-routes';
import { authRoutes } from './routes/auth-routes';
import { behaviorRuleRoutes } from './routes/behavior-rule-routes';
import { clusterRoutes } from './routes/cluster-routes';
import { dataSourceRoutes } from './routes/data-source-routes';
import { endpointRoutes } from './routes/endpoint-routes';
import { heartbeatPingRoutes } from './routes/heartbeat-ping-routes';
import { heartbeatRuleRoutes } from './routes/heartbeat-rule-routes';
import { ingestionRoutes } from './routes/ingestion-routes';
import { legacyUiRoutes } from './routes/legacy-ui-routes';
import { messengerProxyRoutes } from './routes/messenger-proxy-routes';
import { notificationRuleRoutes } from './routes/notification-rule-routes';
import { providerConfigRoutes } from './routes/provider-config-routes';
import { scheduleFeedRoutes, scheduleRoutes } from './routes/schedule-routes';
import { statusGroupRoutes } from './routes/status-group-routes';
import { teamRoutes } from './routes/team-routes';
import { userFeedReadRoutes, userFeedRoutes } from './routes/user-feed-routes';
import { userRoutes } from './routes/user-routes';
import { webhookRoutes } from './routes/webhook-routes';
import { zoneAgentRoutes, zoneRegistryRoutes } from './routes/zone-registry-routes';
import { zoneRoutes } from './routes/zone-routes';

/**
 * The `/api/v1` face. Register with `{ prefix: '/api/v1' }`. Response schemas document the
 * answers in OpenAPI; they are not re-validated at run time (the core already returns those shapes).
 */
export async function restApi(
  app: FastifyInstance,
  options: {
    core: Core;
    heartbeats?: Heartbeats | undefined;
    schedules?: Schedules | undefined;
    zones?: Zones | undefined;
  },
): Promise<void> {
  const { core, heartbeats, schedules } = options;
  const zones = options.zones ?? Zones.of(core);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: 'Route not found.', code: 'not_found' }),
  );

  acceptEmptyJsonBody(app);
  rejectUnsafeInput(app);
  await authRoutes(app, core);
  await app.register(async (scope) => ingestionRoutes(scope, core));
  ackLinkRoutes(app, core);
  webhookRoutes(app, core);
  if (heartbeats) await app.register(async (scope) => heartbeatPingRoutes(scope, heartbeats));
  if (schedules) {
    scheduleFeedRoutes(app, schedules);
    userFeedReadRoutes(app, schedules);
  }
  await app.register(async (scope) => zoneAgentRoutes(scope, zones));
  await app.register(async (scope) => {
    requireAccessToken(scope, core, zones);
    // The zone picker answers whatever zone a request names: it is how a user leaves a zone.
    zoneRoutes(scope, zones);
    zoneRegistryRoutes(scope, zones);
    await scope.register(async (zoned) => {
      zoneRouting(zoned, zones);
      userRoutes(zoned, core);
      teamRoutes(zoned, core);
      alertRuleRoutes(zoned, core);
      alertRuleCreateDataRoutes(zoned, core);
      alertRuleGroupRoutes(zoned, core);
      alertRuleTagRoutes(zoned, core);
      alertRuleNotifyRoutes(zoned, core);
      alertRuleUserRoutes(zoned, core);
      behaviorRuleRoutes(zoned, core);
      alertReadRoutes(zoned, core);
      endpointRoutes(zoned, core);
      dataSourceRoutes(zoned, core);
      providerConfigRoutes(zoned, core);
      messengerProxyRoutes(zoned, core);
      clusterRoutes(zoned, core);
      statusGroupRoutes(zoned, core);
      if (heartbeats) heartbeatRuleRoutes(zoned, heartbeats);
      if (schedules) {
        scheduleRoutes(zoned, schedules);
        notificationRuleRoutes(zoned, schedules);
        userFeedRoutes(zoned, schedules);
      }
      legacyUiRoutes(zoned);
    });
  });
}
