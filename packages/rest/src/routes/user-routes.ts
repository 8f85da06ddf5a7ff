import {
  changeOwnerBody,
  paginated,
  passwordChangeBody,
  userCreateBody,
  userListQuery,
  userOptionSchema,
  userUpdateBody,
  userViewSchema,
} from '@oncall/contracts';
import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { documentedAs } from '../openapi/schema-names';
import { toLegacyEnvelope } from '../pagination/legacy-envelope';
import { idParams, typed } from './route-context';

const tags = ['users'];

export function userRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  r.get(
    '/user',
    {
      schema: {
        tags,
        querystring: userListQuery,
        response: { 200: documentedAs(paginated(userViewSchema), 'UserPage') },
      },
    },
    async (request) => toLegacyEnvelope(await core.users.list(actorOf(request), request.query)),
  );
  r.post('/user', { schema: { tags, body: userCreateBody, response: { 200: userViewSchema } } }, (request) =>
    core.users.create(actorOf(request), request.body),
  );
  r.get('/user/all', { schema: { tags, response: { 200: z.array(userOptionSchema) } } }, (request) =>
    core.users.all(actorOf(request)),
  );
  r.post(
    '/user/changeOwner',
    {
      schema: {
        tags,
        body: changeOwnerBody,
        response: { 200: z.object({ status: z.boolean(), moved: z.record(z.string(), z.number()) }) },
      },
    },
    async (request) => ({
      status: true,
      ...(await core.users.changeOwner(actorOf(request), request.body.fromUser, request.body.toUser)),
    }),
  );
  r.put(
    '/user/pass/:id',
    { schema: { tags, params: idParams, body: passwordChangeBody, response: { 200: userViewSchema } } },
    (request) =>
      core.users.changePassword(actorOf(request), request.params.id, request.body, { ip: request.ip }),
  );
  r.get('/user/:id', { schema: { tags, params: idParams, response: { 200: userViewSchema } } }, (request) =>
    core.users.get(actorOf(request), request.params.id),
  );
  r.put(
    '/user/:id',
    { schema: { tags, params: idParams, body: userUpdateBody, response: { 200: userViewSchema } } },
    (request) => core.users.update(actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/user/:id',
    { schema: { tags, params: idParams, response: { 200: userViewSchema } } },
    (request) => core.users.delete(actorOf(request), request.params.id),
  );
}
