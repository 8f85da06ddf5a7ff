import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ValidationRule, validate } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { connectionCostRule } from './connection-cost-rule';
import type { QueryLimits } from './query-limits';
import { queryRefusal } from './query-refusal';

/**
 * GraphQL Armor's depth, alias, directive and cost rules, and the introspection switch, in a pass of
 * their own before the specification's rules: those are quadratic in places (overlapping fields),
 * and a document they would choke on must be refused before they see it, wherever its fragments are.
 */
export function useLimitsBeforeValidation(limits: QueryLimits, introspection: boolean): Plugin {
  // Armor's rules throw their error at the first operation over a limit (propagateOnRejection);
  // the introspection rule is the only one that reports.
  const limitRules: ValidationRule[] = [
    maxDepthRule({ n: limits.maxDepth }),
    maxAliasesRule({ n: limits.maxAliases }),
    maxDirectivesRule({ n: limits.maxDirectives }),
    // No factor per level: depth has its own limit, and a nested connection's real cost (its
    // size times its selection) is the connection rule's; ×1.5 per level refused ordinary
    // reports (rules → episodes → events → deliveries) while adding nothing a list size did not.
    costLimitRule({ maxCost: limits.maxCost, depthCostFactor: 1 }),
    connectionCostRule(limits.maxConnectionCost),
  ];
  const rules = introspection ? limitRules : [...limitRules, NoSchemaIntrospectionCustomRule];
  return {
    onValidate({ params, setResult }) {
      let introspecting: readonly GraphQLError[];
      try {
        introspecting = validate(params.schema, params.documentAST, rules);
      } catch (error) {
        if (!(error instanceof GraphQLError)) throw error;
        setResult([queryRefusal(error.message.replace(/^Syntax Error: /, ''), 'QUERY_TOO_COMPLEX')]);
        return;
      }
      if (introspecting.length > 0) {
        setResult(introspecting.map((error) => queryRefusal(error.message, 'INTROSPECTION_DISABLED')));
      }
    },
  };
}
