import {
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLNamedType,
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';
import { DEFAULT_FIRST, MAX_FIRST } from '../reporting/slice-args';

/** The arguments that say how many rows a list field answers. */
const SIZE_ARGUMENTS = new Set(['first', 'perPage']);

/**
 * What a document may cost once lists are counted: 2 per object field and 1 per scalar, as GraphQL
 * Armor counts, but a field sized by `first` (or `perPage`) costs its selection that many times,
 * nested sizes multiplying — `rules(first: 100) { episodes(first: 100) { events(first: 100) … } }`
 * is a million rows, however short the text. A size given as a variable counts as the most a
 * field gives (100); one left out as the default (25). A fragment costs the same wherever it is
 * spread (its type condition fixes its fields' types), so each one's cost is worked out once per
 * document and remembered: the rule is linear in the document, however often fragments are spread.
 */
export function connectionCostRule(maxCost: number): ValidationRule {
  return (context: ValidationContext) => {
    const fragmentCosts = new Map<string, number>();
    const selectionCost = (set: SelectionSetNode, parent: GraphQLNamedType | undefined): number => {
      let total = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          if (!selection.selectionSet) {
            total += 1;
            continue;
          }
          const field =
            parent && (isObjectType(parent) || isInterfaceType(parent))
              ? parent.getFields()[selection.name.value]
              : undefined;
          const sizeArg = selection.arguments?.find((arg) => SIZE_ARGUMENTS.has(arg.name.value));
          // A list sized by an argument left out gives its default.
          const sized = field?.args.some((arg) => SIZE_ARGUMENTS.has(arg.name)) ?? false;
          const times = sizeArg ? sizeOf(sizeArg.value) : sized ? DEFAULT_FIRST : 1;
          const child = field ? getNamedType(field.type) : undefined;
          total += 2 + times * selectionCost(selection.selectionSet, child);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const on = selection.typeCondition
            ? context.getSchema().getType(selection.typeCondition.name.value)
            : parent;
          total += selectionCost(selection.selectionSet, on ?? undefined);
        } else {
          total += fragmentCost(selection.name.value);
        }
      }
      return total;
    };
    const fragmentCost = (name: string): number => {
      const known = fragmentCosts.get(name);
      if (known !== undefined) return known;
      // A fragment met again while costed is a cycle: endless, should a document get here with one.
      fragmentCosts.set(name, Number.POSITIVE_INFINITY);
      const fragment: FragmentDefinitionNode | null | undefined = context.getFragment(name);
      const on = fragment ? context.getSchema().getType(fragment.typeCondition.name.value) : undefined;
      const cost = fragment ? selectionCost(fragment.selectionSet, on ?? undefined) : 0;
      fragmentCosts.set(name, cost);
      return cost;
    };
    return {
      OperationDefinition(operation) {
        const root = context.getSchema().getRootType(operation.operation) ?? undefined;
        const cost = selectionCost(operation.selectionSet, root);
        if (cost > maxCost) {
          throw new GraphQLError(
            `Query cost, counting each list's size, is ${Math.round(cost)}; at most ${maxCost} is allowed.`,
          );
        }
      },
    };
  };
}

function sizeOf(value: ValueNode): number {
  if (value.kind === Kind.INT) return Math.max(1, Math.min(MAX_FIRST, Number.parseInt(value.value, 10)));
  if (value.kind === Kind.NULL) return DEFAULT_FIRST;
  return MAX_FIRST;
}
