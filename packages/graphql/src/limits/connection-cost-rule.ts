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
 * field gives (100); one left out as the default (25). Fragments are followed (a cycle stops).
 */
export function connectionCostRule(maxCost: number): ValidationRule {
  return (context: ValidationContext) => ({
    OperationDefinition(operation) {
      const root = context.getSchema().getRootType(operation.operation) ?? undefined;
      const cost = selectionCost(context, operation.selectionSet, root, new Set());
      if (cost > maxCost) {
        throw new GraphQLError(
          `Query cost, counting each list's size, is ${Math.round(cost)}; at most ${maxCost} is allowed.`,
        );
      }
    },
  });
}

function selectionCost(
  context: ValidationContext,
  set: SelectionSetNode,
  parent: GraphQLNamedType | undefined,
  visiting: Set<string>,
): number {
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
      total += 2 + times * selectionCost(context, selection.selectionSet, child, visiting);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition
        ? context.getSchema().getType(selection.typeCondition.name.value)
        : parent;
      total += selectionCost(context, selection.selectionSet, on ?? undefined, visiting);
    } else {
      const name = selection.name.value;
      const fragment: FragmentDefinitionNode | null | undefined = context.getFragment(name);
      if (!fragment || visiting.has(name)) continue;
      visiting.add(name);
      const on = context.getSchema().getType(fragment.typeCondition.name.value);
      total += selectionCost(context, fragment.selectionSet, on ?? undefined, visiting);
      visiting.delete(name);
    }
  }
  return total;
}

function sizeOf(value: ValueNode): number {
  if (value.kind === Kind.INT) return Math.max(1, Math.min(MAX_FIRST, Number.parseInt(value.value, 10)));
  if (value.kind === Kind.NULL) return DEFAULT_FIRST;
  return MAX_FIRST;
}
