import { paginated, teamBody, teamListQuery, teamViewSchema } from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { renamedFieldSchemas, withTeamMembers } from '../legacy/renamed-fields';
import { documentedAs } from '../openapi/schema-names';
import { toLegacyEnvelope } from '../pagination/legacy-envelope';
import { idParams, typed } from './route-context';

const tags = ['teams'];

export function teamRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  const teamRead = documentedAs(teamViewSchema.extend(renamedFieldSchemas.team.shape), 'TeamRead');
  r.get(
    '/team',
    {
      schema: {
        tags,
        querystring: teamListQuery,
        response: { 200: documentedAs(paginated(teamRead), 'TeamPage') },
      },
    },
    async (request) => {
      const page = await core.teams.list(actorOf(request), request.query);
      return toLegacyEnvelope({ ...page, items: page.items.map(withTeamMembers) });
    },
  );
  r.post(
    '/team',
    { schema: { tags, body: teamBody, response: { 201: teamViewSchema } } },
    async (request, reply) => reply.status(201).send(await core.teams.create(actorOf(request), request.body)),
  );
  r.get('/team/all', { schema: { tags, response: { 200: z.array(teamRead) } } }, async (request) =>
    (await core.teams.all(actorOf(request))).map(withTeamMembers),
  );
  r.get('/team/:id', { schema: { tags, params: idParams, response: { 200: teamRead } } }, async (request) =>
    withTeamMembers(await core.teams.get(actorOf(request), request.params.id)),
  );
  r.put(
    '/team/:id',
    { schema: { tags, params: idParams, body: teamBody, response: { 200: teamViewSchema } } },
    (request) => core.teams.update(actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/team/:id',
    { schema: { tags, params: idParams, response: { 200: teamViewSchema } } },
    (request) => core.teams.delete(actorOf(request), request.params.id),
  );
}
