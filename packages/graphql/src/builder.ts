import SchemaBuilder from '@pothos/core';
import type { GraphqlContext } from './context';

/**
 * IDs are plain strings: record ids are UUIDs, never numbers. Fields are non-null unless marked:
 * the views the core returns are complete, so clients need not null-check every leaf.
 */
export interface GraphqlSchemaTypes {
  Context: GraphqlContext;
  Scalars: { ID: { Input: string; Output: string } };
  DefaultFieldNullability: false;
}

/** The types as the builder completes them; what a generic helper over refs needs. */
export type BuilderTypes = PothosSchemaTypes.ExtendDefaultTypes<GraphqlSchemaTypes>;

/** The typed builder the type and field functions register with. */
export type Builder = PothosSchemaTypes.SchemaBuilder<BuilderTypes>;

/** A builder with the query and mutation roots: one per schema, as a schema follows its plugins. */
export function createBuilder(): Builder {
  const builder = new SchemaBuilder<GraphqlSchemaTypes>({ defaultFieldNullability: false });
  builder.queryType({});
  builder.mutationType({});
  return builder;
}
