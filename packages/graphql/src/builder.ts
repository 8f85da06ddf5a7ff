import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import type { GraphqlContext } from './context';

/**
 * IDs are plain strings: record ids are UUIDs, never numbers. Fields are non-null unless marked:
 * the views the core returns are complete, so clients need not null-check every leaf. Connections
 * (Relay) have non-null edges and nodes for the same reason.
 */
export interface GraphqlSchemaTypes {
  Context: GraphqlContext;
  Scalars: { ID: { Input: string; Output: string } };
  DefaultFieldNullability: false;
  DefaultEdgesNullability: { list: false; items: false };
  DefaultNodeNullability: false;
}

/** The types as the builder completes them; what a generic helper over refs needs. */
export type BuilderTypes = PothosSchemaTypes.ExtendDefaultTypes<GraphqlSchemaTypes>;

/** The typed builder the type and field functions register with. */
export type Builder = PothosSchemaTypes.SchemaBuilder<BuilderTypes>;

/**
 * A builder with the query and mutation roots: one per schema, as a schema follows its plugins.
 * Relay connections page the reports; no record is a global Node, so `node`/`nodes` are left out.
 */
export function createBuilder(): Builder {
  const builder = new SchemaBuilder<GraphqlSchemaTypes>({
    plugins: [RelayPlugin],
    defaultFieldNullability: false,
    relay: {
      nodeQueryOptions: false,
      nodesQueryOptions: false,
      nodesOnConnection: true,
      edgesFieldOptions: { nullable: { list: false, items: false } },
      nodeFieldOptions: { nullable: false },
    },
  });
  builder.queryType({});
  builder.mutationType({});
  return builder;
}
