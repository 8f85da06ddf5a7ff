import type { z } from 'zod';

const names = new WeakMap<z.ZodType, string>();

/**
 * Names a schema that a route builds at run time (from the loaded plugins) for the OpenAPI
 * document's `components.schemas`; the exported schemas of `@oncall/contracts` are named after
 * their export. Returns the schema itself, so a route can name it where it builds it.
 */
export function documentedAs<T extends z.ZodType>(schema: T, name: string): T {
  names.set(schema, name);
  return schema;
}

export function documentedNameOf(schema: z.ZodType): string | undefined {
  return names.get(schema);
}
