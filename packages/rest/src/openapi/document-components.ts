import { DEFAULT_ERROR_DESCRIPTION } from './error-responses';

type JsonObject = Record<string, unknown>;

const REF = '#/components/schemas/';

function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(REF))
        found.add(inner.slice(REF.length));
      else refsIn(inner, found);
    }
  }
  return found;
}

function schemasOf(document: JsonObject): Record<string, unknown> {
  const components = (document.components ?? {}) as JsonObject;
  return (components.schemas ?? {}) as Record<string, unknown>;
}

/**
 * A component's own `$id` (zod sets it to the component's address) and `$schema` would make
 * its `$ref`s resolve against another base: the document's dialect is the default already.
 */
function asComponent(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return schema;
  const { $id: _id, $schema: _dialect, ...rest } = schema as JsonObject;
  return rest;
}

function withSchemas(document: JsonObject, schemas: Record<string, unknown>): JsonObject {
  return { ...document, components: { ...(document.components as JsonObject), schemas } };
}

/** The names the operations reach, directly or through other schemas. */
function reachable(document: JsonObject): Set<string> {
  const schemas = schemasOf(document);
  const seen = new Set<string>();
  const queue = [...refsIn(document.paths, new Set())];
  while (queue.length > 0) {
    const name = queue.pop();
    if (name === undefined || seen.has(name)) continue;
    seen.add(name);
    queue.push(...refsIn(schemas[name], new Set()));
  }
  return seen;
}

/**
 * Keeps the schemas the operations use, and gives a request schema (`XInput`, as zod names the
 * input side) its plain name where the answer side is the same or unused.
 */
export function usedComponentsOnly(document: JsonObject): JsonObject {
  const used = reachable(document);
  const schemas = Object.fromEntries(
    Object.entries(schemasOf(document))
      .filter(([name]) => used.has(name))
      .map(([name, schema]) => [name, asComponent(schema)]),
  );
  const renames = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    if (!name.endsWith('Input')) continue;
    const plain = name.slice(0, -'Input'.length);
    const same = plain in schemas && JSON.stringify(schemas[plain]) === JSON.stringify(schemas[name]);
    if (plain in schemas && !same) continue;
    renames.set(name, plain);
    if (!same) schemas[plain] = schemas[name];
    delete schemas[name];
  }
  let text = JSON.stringify(withSchemas(document, schemas));
  for (const [from, to] of renames) {
    text = text.replaceAll(JSON.stringify(`${REF}${from}`), JSON.stringify(`${REF}${to}`));
  }
  return JSON.parse(text) as JsonObject;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Every operation's `default` answer: the failures any route may give, with the error body. */
export function withDefaultErrors(document: JsonObject): JsonObject {
  const paths = (document.paths ?? {}) as Record<string, JsonObject>;
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const operation = item[method] as { responses?: JsonObject } | undefined;
      if (!operation) continue;
      for (const [status, answer] of Object.entries(operation.responses ?? {}) as [string, JsonObject][]) {
        if (status.startsWith('2') && answer.description === 'Default Response')
          answer.description = 'Success';
      }
      operation.responses = {
        ...operation.responses,
        default: {
          description: DEFAULT_ERROR_DESCRIPTION,
          content: { 'application/json': { schema: { $ref: `${REF}ErrorBody` } } },
        },
      };
    }
  }
  return document;
}
