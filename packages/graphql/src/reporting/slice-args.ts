import type { Keyset, Slice, SliceQuery } from '@oncall/core';
import { validationFailed } from '@oncall/core';
import { z } from 'zod';
import { parseInput } from '../validation/parse-input';

/** What a connection gives when `first` is left out, and the most it gives. */
export const DEFAULT_FIRST = 25;
export const MAX_FIRST = 100;

/** A cursor: the row's time and id (the list's order), base64url-encoded JSON. Opaque to clients. */
export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.at, keyset.id])).toString('base64url');
}

const cursorShape = z.tuple([z.iso.datetime({ offset: true }), z.uuid()]);

function decodeCursor(cursor: string): Keyset {
  try {
    const [at, id] = cursorShape.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { at, id };
  } catch {
    throw validationFailed({ after: ['The cursor is not one this list gave.'] });
  }
}

const sliceArgs = z.object({
  first: z.number().int().min(1).max(MAX_FIRST).default(DEFAULT_FIRST),
  after: z.string().max(200).optional(),
  last: z.undefined({ error: 'Connections page forward only: use first and after.' }),
  before: z.undefined({ error: 'Connections page forward only: use first and after.' }),
});

/** Relay's arguments as the core's slice: forward only; `first` 1..100 (default 25). */
export function sliceQueryOf(args: {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}): SliceQuery {
  const parsed = parseInput(sliceArgs, {
    first: args.first ?? undefined,
    after: args.after ?? undefined,
    last: args.last ?? undefined,
    before: args.before ?? undefined,
  });
  return { first: parsed.first, after: parsed.after === undefined ? undefined : decodeCursor(parsed.after) };
}

/** A core slice as a Relay connection; `keysetOf` gives each item's place in the list. */
export function connectionOf<T>(slice: Slice<T>, keysetOf: (item: T) => Keyset) {
  const edges = slice.items.map((node) => ({ cursor: encodeCursor(keysetOf(node)), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: slice.hasNextPage,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
