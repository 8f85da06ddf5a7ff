import { type DocumentNode, Kind, visit } from 'graphql';

/** Thrown once a document's selection sets were read more often than its budget allows. */
export class ReadBudgetExceeded extends Error {}

export interface CountedDocument {
  document: DocumentNode;
  /** How many times any selection set's selections were read so far. */
  reads(): number;
}

/**
 * `document` behind proxies that count each read of a selection set's `selections`: any walk of
 * the document (a validation rule following fragments, graphql-js's visitor) reads them once per
 * selection set it enters, so the count is the work done on the document. Past `budget` reads the
 * next one throws, so a walk that would take hours fails at once.
 */
export function countedDocument(document: DocumentNode, budget: number): CountedDocument {
  let reads = 0;
  const proxies = new WeakMap<object, object>();
  const wrap = <T>(value: T): T => {
    if (typeof value !== 'object' || value === null) return value;
    const known = proxies.get(value);
    if (known) return known as T;
    const proxy = new Proxy(value, {
      get(target, key, receiver) {
        if (key === 'selections' && (target as { kind?: unknown }).kind === Kind.SELECTION_SET) {
          reads += 1;
          if (reads > budget) throw new ReadBudgetExceeded(`more than ${budget} selection sets read`);
        }
        return wrap(Reflect.get(target, key, receiver));
      },
    });
    proxies.set(value, proxy);
    return proxy;
  };
  return { document: wrap(document), reads: () => reads };
}

/** The selection sets written in `document`'s text (each fragment's once, however often spread). */
export function selectionSetCount(document: DocumentNode): number {
  let count = 0;
  visit(document, {
    SelectionSet() {
      count += 1;
    },
  });
  return count;
}
