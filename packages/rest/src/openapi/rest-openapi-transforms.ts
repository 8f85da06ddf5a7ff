import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import * as contracts from '@oncall/contracts';
import type { FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodRegistry, globalRegistry } from 'zod/v4/core';
import { usedComponentsOnly, withDefaultErrors } from './document-components';
import { ERROR_DESCRIPTIONS, validationErrorBodySchema } from './error-responses';
import { errorStatusesOf } from './route-error-statuses';
import { documentedNameOf } from './schema-names';

type Meta = { id?: string | undefined };

/**
 * The document's names, over the descriptions and examples the schemas carry in zod's global
 * registry: one per app, as the schemas built from a core's plugins are one per app.
 */
class DocumentRegistry extends $ZodRegistry<Meta> {
  override get(schema: Parameters<$ZodRegistry<Meta>['get']>[0]) {
    const own = super.get(schema);
    const shared = globalRegistry.get(schema);
    return own || shared ? { ...shared, ...own } : undefined;
  }
}

interface RouteSchema extends FastifySchema {
  hide?: boolean;
  security?: Array<Record<string, string[]>>;
  operationId?: string;
}

type JsonObject = Record<string, unknown>;

const PREFIX = '/api/v1/';
const ERROR_BODY = 'ErrorBody';
const VALIDATION_ERROR_BODY = 'ValidationErrorBody';

function pascal(words: string): string {
  return words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');
}

/** `GET /api/v1/alert-rule/:id` → `getAlertRuleById`: stable, unique per method and path. */
function operationIdOf(method: string, url: string): string {
  const path = url
    .slice(PREFIX.length)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .join('-');
  return `${method.toLowerCase()}${pascal(path)}`;
}

function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/**
 * The exported schemas of the contracts, named after their export (`userViewSchema` →
 * `UserView`); returns those names, which a route's own names take over.
 */
function contractNames(registry: $ZodRegistry<Meta>): Map<string, z.ZodType> {
  const named = new Map<string, z.ZodType>();
  for (const [exportName, value] of Object.entries(contracts)) {
    if (!isZodSchema(value) || !/(Schema|Body)$/.test(exportName) || registry.has(value)) continue;
    const id = pascal(exportName.replace(/Schema$/, ''));
    registry.add(value, { id });
    named.set(id, value);
  }
  return named;
}

/**
 * The OpenAPI 3.1 document of the `/api/v1` face, from the zod schemas that validate its
 * requests: every body and answer a named schema in `components.schemas` (the contracts' own
 * names, else the operation's), every error status the route answers with the error body, and
 * the other routes (tRPC, GraphQL, health) left out — they describe themselves.
 */
export function restOpenApiTransforms(): {
  transform: SwaggerTransform;
  transformObject: SwaggerTransformObject;
} {
  const registry = new DocumentRegistry();
  const contractNamed = contractNames(registry);
  registry.add(validationErrorBodySchema, { id: VALIDATION_ERROR_BODY });
  const named = createJsonSchemaTransform({ schemaRegistry: registry, skipList: [] });
  // Parameters stay inline: the document lists each query and path field on its own.
  const inline = createJsonSchemaTransform({ schemaRegistry: new DocumentRegistry(), skipList: [] });

  const nameAt = (schema: unknown, fallback: string): void => {
    // An empty answer (Alertmanager's 200) has no schema to name.
    if (!isZodSchema(schema) || registry.has(schema) || schema.def.type === 'void') return;
    const wanted = documentedNameOf(schema) ?? fallback;
    const contract = contractNamed.get(wanted);
    if (contract) {
      registry.remove(contract);
      contractNamed.delete(wanted);
    }
    let id = wanted;
    // Two schemas of one name (a contract's and a route's own): the later one is numbered.
    for (let n = 2; registry._idmap.has(id); n++) id = `${wanted}${n}`;
    registry.add(schema, { id });
  };

  const transform: SwaggerTransform = (input) => {
    const schema = (input.schema ?? {}) as RouteSchema;
    if (!input.url.startsWith(PREFIX) || schema.hide) return { schema: { hide: true }, url: input.url };
    const method = [input.route.method].flat()[0] ?? 'GET';
    const operationId = operationIdOf(method, input.url);
    const { body, response, querystring, params, headers, ...rest } = schema;
    const responses = (response ?? {}) as Record<string, unknown>;
    nameAt(body, `${pascal(operationId)}Body`);
    for (const [status, answer] of Object.entries(responses)) {
      nameAt(answer, `${pascal(operationId)}${status === '200' ? '' : status}Answer`);
    }
    const withBodies = named({ ...input, schema: { body, response } }).schema as RouteSchema;
    const withParameters = inline({ ...input, schema: { querystring, params, headers } })
      .schema as RouteSchema;
    const documented: Record<string, unknown> = { ...(withBodies.response as object) };
    const errorStatuses = errorStatusesOf({
      method,
      url: input.url,
      security: schema.security,
      takesInput: Boolean(body || querystring || params),
    });
    for (const [status, answer] of Object.entries(responses)) {
      if (isZodSchema(answer) && answer.def.type === 'void') {
        documented[status] = { type: 'null', description: 'Success, with an empty body.' };
      }
      const description = ERROR_DESCRIPTIONS[Number(status)];
      if (description) documented[status] = { ...(documented[status] as object), description };
    }
    for (const status of errorStatuses) {
      if (documented[status]) continue;
      documented[status] = {
        description: ERROR_DESCRIPTIONS[status],
        $ref: `#/components/schemas/${status === 422 ? VALIDATION_ERROR_BODY : ERROR_BODY}`,
      };
    }
    return {
      url: input.url,
      schema: {
        ...rest,
        operationId: schema.operationId ?? operationId,
        ...withParameters,
        ...(withBodies.body ? { body: withBodies.body } : {}),
        response: documented,
      } as RouteSchema,
    };
  };

  const components = createJsonSchemaTransformObject({ schemaRegistry: registry });
  const transformObject: SwaggerTransformObject = (input) => {
    const document = components(input) as JsonObject;
    return usedComponentsOnly(withDefaultErrors(document));
  };
  return { transform, transformObject };
}
