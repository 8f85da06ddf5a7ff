import {
  type DefinitionNode,
  type DocumentNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';

/**
 * The document's shape, checked once at its root before any rule follows a fragment: every spread
 * names a fragment defined once, no fragment spreads itself (directly or through others), and
 * there are at most `maxOperations` operations. The depth and cost rules may then follow spreads
 * knowing each leads somewhere and ends, and remember each fragment's measure; the
 * specification's rules would refuse such documents too, but only after running their quadratic
 * ones. Linear in the document: each selection set is read once, each spread followed once.
 */
export function definitionsRule(maxOperations: number): ValidationRule {
  return () => ({
    Document(document) {
      const fault = fragmentFault(document) ?? operationsFault(document, maxOperations);
      if (fault !== undefined) throw new GraphQLError(fault);
    },
  });
}

function operationsFault(document: DocumentNode, maxOperations: number): string | undefined {
  const operations = document.definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (operations.length <= maxOperations) return undefined;
  return `The document has ${operations.length} operations; at most ${maxOperations} are allowed.`;
}

function fragmentFault(document: DocumentNode): string | undefined {
  const spreadsOf = new Map<string, readonly string[]>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
    const name = definition.name.value;
    if (spreadsOf.has(name)) return `There can be only one fragment named "${name}".`;
    spreadsOf.set(name, spreadNames(definition.selectionSet));
  }
  for (const definition of document.definitions) {
    const unknown = spreadsIn(definition, spreadsOf).find((name) => !spreadsOf.has(name));
    if (unknown !== undefined) return `Unknown fragment "${unknown}".`;
  }
  const cycle = findCycle(spreadsOf);
  if (cycle === undefined) return undefined;
  return `Fragment "${cycle[0]}" spreads itself (${cycle.join(' → ')}); a fragment cannot spread itself, directly or through others.`;
}

/** The spreads of `definition`: a fragment's were read into `spreadsOf` already. */
function spreadsIn(
  definition: DefinitionNode,
  spreadsOf: ReadonlyMap<string, readonly string[]>,
): readonly string[] {
  if (definition.kind === Kind.FRAGMENT_DEFINITION) return spreadsOf.get(definition.name.value) ?? [];
  if (definition.kind === Kind.OPERATION_DEFINITION) return spreadNames(definition.selectionSet);
  return [];
}

/** The fragments spread anywhere in `set`, inside fields and inline fragments included. */
function spreadNames(set: SelectionSetNode): string[] {
  const names: string[] = [];
  const pending = [set];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const selection of next.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) names.push(selection.name.value);
      else if (selection.selectionSet) pending.push(selection.selectionSet);
    }
  }
  return names;
}

/**
 * A path of spreads that returns to where it started (first name repeated last), if any: a depth-
 * first walk with its own stack, each fragment entered once.
 */
function findCycle(spreadsOf: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const finished = new Set<string>();
  for (const start of spreadsOf.keys()) {
    if (finished.has(start)) continue;
    const path = [{ name: start, pending: [...(spreadsOf.get(start) ?? [])] }];
    const onPath = new Set([start]);
    for (let top = path.at(-1); top !== undefined; top = path.at(-1)) {
      const next = top.pending.pop();
      if (next === undefined) {
        finished.add(top.name);
        onPath.delete(top.name);
        path.pop();
      } else if (onPath.has(next)) {
        const from = path.findIndex((step) => step.name === next);
        return [...path.slice(from).map((step) => step.name), next];
      } else if (!finished.has(next)) {
        onPath.add(next);
        path.push({ name: next, pending: [...(spreadsOf.get(next) ?? [])] });
      }
    }
  }
  return undefined;
}
