import { bearerToken } from '@oncall/contracts';
import { unauthenticated } from '@oncall/core';
import { type Zones, zoneSnapshotSchema } from '@oncall/zones';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { documentedAs } from '../openapi/schema-names';
import { idParams, typed } from './route-context';

const tags = ['zones'];

const zoneStateSchema = documentedAs(
  z.object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    token: z.string().describe('Masked (`********abcd`); `""` once revoked.'),
    revoked: z.boolean(),
    connected: z.boolean().describe('Heard from within `ZONE_SILENT_AFTER_SECONDS`, with a live token.'),
    lastHeardAt: z.string().nullable(),
    version: z.string().nullable(),
    lagMs: z.number().int().nullable().describe("How long the agent's last heartbeat took to arrive."),
    silent: z.boolean().describe('Whether its silence alert is open.'),
    createdAt: z.string(),
  }),
  'ZoneState',
);
const withTokenSchema = documentedAs(
  z.object({ zone: zoneStateSchema, token: z.string().describe('The zone token, shown this once.') }),
  'ZoneWithToken',
);
const zoneInputSchema = documentedAs(
  z.strictObject({
    name: z.string().trim().min(1).max(190),
    url: z
      .string()
      .max(2000)
      .refine(
        (value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
        'The url must be an http(s) URL.',
      ),
  }),
  'ZoneRegistration',
);
const heartbeatSchema = documentedAs(
  z.strictObject({ version: z.string().min(1).max(64), sentAt: z.iso.datetime({ offset: true }) }),
  'ZoneHeartbeat',
);

/**
 * `/zones`: the agent zones registered on this main. Owners register (the token is in that answer
 * alone), edit, rotate, revoke and delete; owners and managers list them with their state. These
 * routes answer whatever zone a request names in `X-Cluster`: they are about the main's registry.
 */
export function zoneRegistryRoutes(app: FastifyInstance, zones: Zones): void {
  const r = typed(app);
  const registry = zones.registry;
  r.get(
    '/zones',
    {
      schema: {
        tags,
        description: 'The agent zones and their state (owner and manager roles).',
        response: { 200: z.array(zoneStateSchema) },
      },
    },
    (request) => registry.list(actorOf(request)),
  );
  r.post(
    '/zones',
    {
      schema: {
        tags,
        description:
          "Registers an agent zone (owners): the answer holds its token, shown this once; set it as the agent's cluster `sourceToken`.",
        body: zoneInputSchema,
        response: { 201: withTokenSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await registry.register(actorOf(request), request.body)),
  );
  r.get(
    '/zones/:id',
    {
      schema: { tags, description: 'One agent zone.', params: idParams, response: { 200: zoneStateSchema } },
    },
    (request) => registry.get(actorOf(request), request.params.id),
  );
  r.put(
    '/zones/:id',
    {
      schema: {
        tags,
        description: 'Renames a zone or changes its URL (owners); its token is kept.',
        params: idParams,
        body: zoneInputSchema,
        response: { 200: zoneStateSchema },
      },
    },
    (request) => registry.rename(actorOf(request), request.params.id, request.body),
  );
  r.post(
    '/zones/:id/rotate-token',
    {
      schema: {
        tags,
        description: 'A new token for the zone (owners), shown this once; the old one stops working at once.',
        params: idParams,
        response: { 200: withTokenSchema },
      },
    },
    (request) => registry.rotate(actorOf(request), request.params.id),
  );
  r.post(
    '/zones/:id/revoke-token',
    {
      schema: {
        tags,
        description: "Revokes the zone's token (owners): heartbeats and forwarding stop until it is rotated.",
        params: idParams,
        response: { 200: zoneStateSchema },
      },
    },
    (request) => registry.revoke(actorOf(request), request.params.id),
  );
  r.delete(
    '/zones/:id',
    {
      schema: {
        tags,
        description: 'Deletes a zone (owners); its silence rule stays, a rule like any other.',
        params: idParams,
        response: { 200: zoneStateSchema },
      },
    },
    (request) => registry.remove(actorOf(request), request.params.id),
  );
}

/**
 * What an agent calls on its main with its zone token (`Authorization: Bearer zt_…`), accepted on
 * these two routes and nowhere else: `POST /zones/heartbeat` reports it alive, `GET /zones/sync`
 * copies the main's users, teams, endpoints and provider configs.
 */
export function zoneAgentRoutes(app: FastifyInstance, zones: Zones): void {
  const r = typed(app);
  const zoneTokenOnly = async (request: { headers: { authorization?: string | undefined } }) => {
    if (!bearerToken(request.headers.authorization)) throw unauthenticated();
  };
  r.post(
    '/zones/heartbeat',
    {
      schema: {
        tags,
        security: [{ zoneToken: [] }],
        description:
          "An agent's heartbeat, with its zone token: records when it was heard, its version and lag.",
        body: heartbeatSchema,
        response: {
          200: z.object({
            zoneId: z.string(),
            heardAt: z.string(),
            syncVersion: z
              .string()
              .describe("The version of the main's rows: the agent copies them again when it holds another."),
          }),
        },
      },
      onRequest: zoneTokenOnly,
    },
    (request) =>
      zones.registry.heartbeat(bearerToken(request.headers.authorization) ?? '', {
        version: request.body.version,
        sentAt: new Date(request.body.sentAt),
      }),
  );
  r.get(
    '/zones/sync',
    {
      schema: {
        tags,
        security: [{ zoneToken: [] }],
        description:
          "An agent's copy of the main's users, teams, endpoints and provider configs, with their ids; every secret is sealed for that zone alone (a key derived from its token).",
        response: { 200: documentedAs(zoneSnapshotSchema, 'ZoneSnapshot') },
      },
      onRequest: zoneTokenOnly,
    },
    (request) => zones.registry.snapshot(bearerToken(request.headers.authorization) ?? ''),
  );
}
