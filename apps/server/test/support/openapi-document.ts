/** The parts of the OpenAPI document the tests read. */
export interface OpenApiOperation {
  operationId: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: SchemaObject }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: SchemaObject }> }>;
}

export interface SchemaObject {
  $ref?: string;
  type?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  anyOf?: SchemaObject[];
  enum?: unknown[];
  const?: unknown;
  examples?: unknown[];
  [keyword: string]: unknown;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, SchemaObject>;
    securitySchemes: Record<string, unknown>;
  };
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete'] as const;

/** Every operation of the document, with its method and path. */
export function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      method,
      path,
      operation: item[method] as OpenApiOperation,
    })),
  );
}

/** A schema with its `$ref` (if any) followed to the named component. */
export function resolved(document: OpenApiDocument, schema: SchemaObject | undefined): SchemaObject {
  if (!schema) throw new Error('No schema.');
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = document.components.schemas[name];
  if (!target) throw new Error(`No component ${name}.`);
  return resolved(document, target);
}

/** The JSON request body schema of an operation, its `$ref` followed. */
export function requestSchemaOf(document: OpenApiDocument, operation: OpenApiOperation): SchemaObject {
  return resolved(document, operation.requestBody?.content['application/json']?.schema);
}

/** The JSON answer schema of an operation for a status, its `$ref` followed. */
export function responseSchemaOf(
  document: OpenApiDocument,
  operation: OpenApiOperation,
  status: string,
): SchemaObject {
  return resolved(document, operation.responses[status]?.content?.['application/json']?.schema);
}
