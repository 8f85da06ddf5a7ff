import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  NoSchemaIntrospectionCustomRule,
  type ValidationRule,
  validate,
} from 'graphql';
import { connectionCostRule } from './connection-cost-rule';
import { definitionsRule } from './definitions-rule';
import { depthRule } from './depth-rule';
import { mergedFieldsRule } from './merged-fields-rule';
import type { QueryLimits } from './query-limits';
import { queryRefusal } from './query-refusal';

/**
 * The refusals of a document over `limits` (none when it is within them), in a validation pass of
 * their own: its definitions first (operations counted, fragments defined once, no cycle), then
 * depth, GraphQL Armor's alias, directive and cost rules, the connection cost, the pairs of fields
 * the specification's overlapping-fields rule would compare and, unless
 * `introspection`, the introspection switch. Each rule measures a fragment once per document, so
 * the pass is linear in the document however its fragments spread.
 */
export function refuseOverLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  limits: QueryLimits,
  introspection: boolean,
): readonly GraphQLError[] {
  // The limit rules throw their error at the first operation over a limit (Armor's do with
  // propagateOnRejection); the introspection rule is the only one that reports. The definitions
  // rule throws at the document's root, before any other rule has followed a spread.
  const limitRules: ValidationRule[] = [
    definitionsRule(limits.maxOperations),
    depthRule(limits.maxDepth),
    maxAliasesRule({ n: limits.maxAliases }),
    maxDirectivesRule({ n: limits.maxDirectives }),
    // No factor per level: depth has its own limit, and a nested connection's real cost (its
    // size times its selection) is the connection rule's; ×1.5 per level refused ordinary
    // reports (rules → episodes → events → deliveries) while adding nothing a list size did not.
    costLimitRule({ maxCost: limits.maxCost, depthCostFactor: 1 }),
    connectionCostRule(limits.maxConnectionCost),
    mergedFieldsRule(limits.maxMergedFieldPairs, limits.maxCost),
  ];
  const rules = introspection ? limitRules : [...limitRules, NoSchemaIntrospectionCustomRule];
  let introspecting: readonly GraphQLError[];
  try {
    introspecting = validate(schema, document, rules);
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return [queryRefusal(error.message.replace(/^Syntax Error: /, ''), 'QUERY_TOO_COMPLEX')];
  }
  return introspecting.map((error) => queryRefusal(error.message, 'INTROSPECTION_DISABLED'));
}
