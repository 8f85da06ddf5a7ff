import { bearerToken } from '@oncall/contracts';
import { type Core, unauthenticated, type WebhookSource } from '@oncall/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { documentedAs } from '../openapi/schema-names';
import { typed } from './route-context';

const params = z.object({ token: z.string().min(1).max(512) });
const answer = documentedAs(
  z.object({ status: z.literal(true), alerts: z.number().int(), matched: z.number().int() }),
  'WebhookAnswer',
);
const vendorPayload = documentedAs(
  z.unknown().describe("The source system's own alert payload, as it sends it; its plugin validates it."),
  'SourceAlertPayload',
);
const alertmanagerAlerts = documentedAs(
  z.unknown().describe("Alertmanager API v2 alerts, as Prometheus's alerting sends them."),
  'AlertmanagerAlerts',
);

/** Where a client of Alertmanager's API v2 posts alerts, under the path prefix it is given. */
const ALERTMANAGER_ALERTS = '/api/v2/alerts';

/**
 * `/{type}-alert/{token}` for every loaded source plugin (grafana, zabbix, splunk, sentry, pmm, …):
 * the body is the vendor's own payload, validated by the plugin, never reshaped by the sender. The
 * token is checked when the request arrives, before its body is read or judged.
 *
 * For the plugins that take Alertmanager API v2 alerts (prometheus, grafana, pmm), also
 * `{that URL}/api/v2/alerts` and `/{type}-alert/api/v2/alerts` with the token as the
 * `Authorization` credentials: Prometheus's `alerting.alertmanagers` appends `/api/v2/alerts` to
 * its `path_prefix`, and sends `authorization.credentials` as a Bearer token (or `basic_auth`).
 * They answer 200 with an empty body, as Alertmanager does.
 */
export function webhookRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  const admitted = new WeakMap<FastifyRequest, WebhookSource>();
  const admittedSource = (request: FastifyRequest): WebhookSource => {
    const source = admitted.get(request);
    if (!source) throw new Error('The webhook token was not checked.');
    return source;
  };
  const pathToken = (request: FastifyRequest): string => {
    const { token } = request.params as { token?: unknown };
    return typeof token === 'string' ? token : '';
  };
  const alertmanagerAnswer = async (request: FastifyRequest, reply: FastifyReply) => {
    await core.webhooks.receiveAlertmanagerAlerts(admittedSource(request), request.body);
    return reply.code(200).send();
  };
  const alertmanagerSchema = { tags: ['ingestion'], body: alertmanagerAlerts, response: { 200: z.void() } };
  // One alert whose text cannot be stored is refused alone, by the ingestion, not the whole body.
  const config = { textJudgedPerAlert: true };

  for (const type of core.webhooks.types()) {
    r.post(
      `/${type}-alert/:token`,
      {
        schema: { tags: ['ingestion'], security: [], params, body: vendorPayload, response: { 200: answer } },
        config,
        onRequest: async (request) => {
          admitted.set(request, await core.webhooks.admit(type, pathToken(request)));
        },
      },
      (request) => core.webhooks.receive(admittedSource(request), request.body),
    );
    if (!core.webhooks.alertmanagerTypes().includes(type)) continue;
    r.post(
      `/${type}-alert/:token${ALERTMANAGER_ALERTS}`,
      {
        schema: { ...alertmanagerSchema, security: [], params },
        config,
        onRequest: async (request) => {
          admitted.set(request, await core.webhooks.admitAlertmanager(type, pathToken(request)));
        },
      },
      alertmanagerAnswer,
    );
    r.post(
      `/${type}-alert${ALERTMANAGER_ALERTS}`,
      {
        schema: { ...alertmanagerSchema, security: [{ dataSourceToken: [] }] },
        config,
        onRequest: async (request) => {
          admitted.set(
            request,
            await core.webhooks.admitAlertmanager(type, credentialsToken(request.headers.authorization)),
          );
        },
      },
      alertmanagerAnswer,
    );
  }
}

/**
 * The data source token a client of Alertmanager's API sends: Prometheus's
 * `authorization: { credentials }` (`Bearer <token>`), or `basic_auth` whose password is the token
 * (or whose user name is, when the password is empty).
 */
function credentialsToken(header: string | undefined): string {
  const bearer = bearerToken(header);
  if (bearer) return bearer;
  const basic = typeof header === 'string' ? /^Basic\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const user = colon === -1 ? decoded : decoded.slice(0, colon);
    const password = colon === -1 ? '' : decoded.slice(colon + 1);
    const token = password || user;
    if (token) return token;
  }
  throw unauthenticated('A data source token is required (Authorization: Bearer <token>).');
}
