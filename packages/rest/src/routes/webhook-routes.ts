import { bearerToken } from '@oncall/contracts';
import { type Core, unauthenticated, type WebhookSource } from '@oncall/core';
import type { AlertReceiver } from '@oncall/plugin-sdk';
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
/** Each receiver's body, named once however many plugins take it. */
const receiverBodies = new WeakMap<AlertReceiver, z.ZodType>();
const receiverBody = (receiver: AlertReceiver): z.ZodType => {
  const known = receiverBodies.get(receiver);
  if (known) return known;
  const body = documentedAs(z.unknown().describe(receiver.body.description), receiver.body.name);
  receiverBodies.set(receiver, body);
  return body;
};

/**
 * `/{type}-alert/{token}` for every loaded source plugin: the body is the vendor's own payload,
 * validated by the plugin, never reshaped by the sender. The token is checked when the request
 * arrives, before its body is read or judged.
 *
 * For each receiver a plugin declares (its `receivers`: another wire it takes alerts on), also
 * `{that URL}{receiver.path}` and `/{type}-alert{receiver.path}` with the token as the
 * `Authorization` credentials (a client given a path prefix appends the receiver's path, and may
 * send the token as a Bearer token or basic authentication). They answer 200 with an empty body.
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
  const receiverAnswer =
    (receiver: AlertReceiver) => async (request: FastifyRequest, reply: FastifyReply) => {
      await core.webhooks.receiveVia(admittedSource(request), receiver, request.body);
      return reply.code(200).send();
    };
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
    for (const receiver of core.webhooks.receivers(type)) {
      const schema = { tags: ['ingestion'], body: receiverBody(receiver), response: { 200: z.void() } };
      r.post(
        `/${type}-alert/:token${receiver.path}`,
        {
          schema: { ...schema, security: [], params },
          config,
          onRequest: async (request) => {
            admitted.set(request, await core.webhooks.admitVia(type, receiver, pathToken(request)));
          },
        },
        receiverAnswer(receiver),
      );
      r.post(
        `/${type}-alert${receiver.path}`,
        {
          schema: { ...schema, security: [{ dataSourceToken: [] }] },
          config,
          onRequest: async (request) => {
            admitted.set(
              request,
              await core.webhooks.admitVia(type, receiver, credentialsToken(request.headers.authorization)),
            );
          },
        },
        receiverAnswer(receiver),
      );
    }
  }
}

/**
 * The data source token a receiver's client sends as its credentials: `Bearer <token>`, or basic
 * authentication whose password is the token (or whose user name is, when the password is empty).
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
