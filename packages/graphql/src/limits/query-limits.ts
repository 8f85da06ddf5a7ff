/** Bounds on what one GraphQL document may ask for, checked before it is validated or run. */
export interface QueryLimits {
  /** Characters of the query text: parse errors and documents are cached by their text. */
  maxQueryLength: number;
  /** Lexical tokens; parsing stops at the first one over. */
  maxTokens: number;
  /** Operations in one document: each is checked against every other limit. */
  maxOperations: number;
  /** Nested selections, inline fragments and spreads counted (introspection's `__schema` aside). */
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  /** GraphQL Armor's cost: 2 per object field, 1 per scalar (no factor per level: see `maxConnectionCost`). */
  maxCost: number;
  /** The same weights with each list's size (`first`, `perPage`) multiplying its selection. */
  maxConnectionCost: number;
  /**
   * Pairs of fields answering under one name at one place (through fragments and merged
   * selections), each of which the specification's validation compares.
   */
  maxMergedFieldPairs: number;
}

/**
 * Ample for ordinary queries (a report nested rules → episodes → events → deliveries → event is
 * depth 10 with `nodes`; GraphiQL's introspection query is under 200 tokens), far below what costs
 * the server time: the reports' links make cycles, which depth and list sizes bound.
 */
export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  maxQueryLength: 32 * 1024,
  maxTokens: 1000,
  maxOperations: 20,
  maxDepth: 10,
  maxAliases: 15,
  maxDirectives: 50,
  maxCost: 5000,
  maxConnectionCost: 20_000,
  maxMergedFieldPairs: 1000,
};
