import {
  dataSourceListQuery,
  dataSourceOptionSchema,
  dataSourceSchemas,
  dataSourceStatusSchema,
  paginated,
} from '@oncall/contracts';
import { type Core, dataSourceCatalog } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { renamedFieldSchemas, withCopy } from '../legacy/renamed-fields';
import { documentedAs } from '../openapi/schema-names';
import { toLegacyEnvelope } from '../pagination/legacy-envelope';
import { idParams, typed } from './route-context';

const tags = ['data sources'];

/**
 * `/data-source` (owner and manager roles) and the rule form's pick list under
 * `/alert-rule/create-data/data-source/{type}` (anyone signed in), which reads data sources only.
 * Types are those of the core's source plugins.
 */
export function dataSourceRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  const schemas = dataSourceSchemas(dataSourceCatalog(core.plugins));
  documentedAs(schemas.createBody, 'DataSourceCreateBody');
  documentedAs(schemas.updateBody, 'DataSourceUpdateBody');
  documentedAs(schemas.typeInfo, 'DataSourceTypeInfo');
  const dataSourceRead = documentedAs(
    schemas.view.extend(renamedFieldSchemas.dataSource.shape),
    'DataSourceRead',
  );
  r.get(
    '/data-source',
    {
      schema: {
        tags,
        querystring: dataSourceListQuery,
        response: { 200: documentedAs(paginated(dataSourceRead), 'DataSourcePage') },
      },
    },
    async (request) => {
      const page = await core.dataSources.list(actorOf(request), request.query);
      return toLegacyEnvelope({ ...page, items: page.items.map(withCopy) });
    },
  );
  r.get('/data-source/types', { schema: { tags, response: { 200: z.array(schemas.typeInfo) } } }, (request) =>
    core.dataSources.types(actorOf(request)),
  );
  r.get(
    '/data-source/status/:id',
    { schema: { tags, params: idParams, response: { 200: dataSourceStatusSchema } } },
    (request) => core.dataSources.status(actorOf(request), request.params.id),
  );
  r.get(
    '/data-source/:id',
    { schema: { tags, params: idParams, response: { 200: dataSourceRead } } },
    async (request) => withCopy(await core.dataSources.get(actorOf(request), request.params.id)),
  );
  r.post(
    '/data-source',
    { schema: { tags, body: schemas.createBody, response: { 201: dataSourceRead } } },
    async (request, reply) =>
      reply.status(201).send(withCopy(await core.dataSources.create(actorOf(request), request.body))),
  );
  r.put(
    '/data-source/:id',
    {
      schema: { tags, params: idParams, body: schemas.updateBody, response: { 200: dataSourceRead } },
    },
    async (request) =>
      withCopy(await core.dataSources.update(actorOf(request), request.params.id, request.body)),
  );
  r.delete(
    '/data-source/:id',
    { schema: { tags, params: idParams, response: { 200: dataSourceRead } } },
    async (request) => withCopy(await core.dataSources.delete(actorOf(request), request.params.id)),
  );
  r.get(
    '/alert-rule/create-data/data-source/:type',
    {
      schema: {
        tags,
        params: schemas.ruleTypeParams,
        response: { 200: z.array(dataSourceOptionSchema) },
      },
    },
    (request) => core.dataSources.optionsOfType(actorOf(request), request.params.type),
  );
}
