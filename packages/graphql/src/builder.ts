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

/** The one typed builder every type and field file registers with. */
export const builder = new SchemaBuilder<GraphqlSchemaTypes>({ defaultFieldNullability: false });

builder.queryType({});
builder.mutationType({});
