import {
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * How deep an operation nests: each field, inline fragment and fragment spread is a level, and a
 * spread's fragment continues from it; introspection's `__schema` counts nothing. Each fragment's
 * own depth is measured once per document and remembered, so spreading it again costs nothing
 * (GraphQL Armor's depth rule counted a spread twice, and a fragment met while in progress as -1).
 */
export function depthRule(maxDepth: number): ValidationRule {
  return (context: ValidationContext) => {
    const fragmentDepths = new Map<string, number>();
    const selectionDepth = (set: SelectionSetNode): number => {
      let deepest = 0;
      for (const selection of set.selections) {
        let depth: number;
        if (selection.kind === Kind.FRAGMENT_SPREAD) depth = 1 + fragmentDepth(selection.name.value);
        else if (selection.kind === Kind.FIELD && selection.name.value === '__schema') depth = 0;
        else depth = 1 + (selection.selectionSet ? selectionDepth(selection.selectionSet) : 0);
        deepest = Math.max(deepest, depth);
      }
      return deepest;
    };
    const fragmentDepth = (name: string): number => {
      const known = fragmentDepths.get(name);
      if (known !== undefined) return known;
      // A fragment met again while measured is a cycle: endless, should a document get here with one.
      fragmentDepths.set(name, Number.POSITIVE_INFINITY);
      const fragment = context.getFragment(name);
      const depth = fragment ? selectionDepth(fragment.selectionSet) : 0;
      fragmentDepths.set(name, depth);
      return depth;
    };
    return {
      OperationDefinition(operation) {
        const depth = selectionDepth(operation.selectionSet);
        if (depth > maxDepth) {
          throw new GraphQLError(`Query depth is ${depth}; at most ${maxDepth} is allowed.`);
        }
      },
    };
  };
}
