import type { Plugin } from 'graphql-yoga';
import type { QueryLimits } from './query-limits';
import { refuseOverLimits } from './refuse-over-limits';

/**
 * The limits in a validation pass of their own before the specification's rules: those are
 * quadratic in places (overlapping fields), and a document they would choke on must be refused
 * before they see it, wherever its fragments are.
 */
export function useLimitsBeforeValidation(limits: QueryLimits, introspection: boolean): Plugin {
  return {
    onValidate({ params, setResult }) {
      const refusals = refuseOverLimits(params.schema, params.documentAST, limits, introspection);
      if (refusals.length > 0) setResult(refusals);
    },
  };
}
