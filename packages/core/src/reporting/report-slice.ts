import { type SqlFragment, sql } from '../persistence/sql-fragment';

/**
 * Where a page of a newest-first list starts: after the row with this time and id. The id makes
 * the order total, so pages never overlap or skip rows that share a time.
 */
export interface Keyset {
  at: string;
  id: string;
}

/** One page of a newest-first list, and whether more rows follow it. */
export interface Slice<T> {
  items: T[];
  hasNextPage: boolean;
}

/** How much of a list to read: `first` rows after `after` (from the start when absent). */
export interface SliceQuery {
  first: number;
  after?: Keyset;
}

/** Rows older than the keyset, in the list's (time desc, id desc) order. */
export function olderThan(at: SqlFragment, id: SqlFragment, after: Keyset | undefined): SqlFragment {
  return after ? sql`(${at}, ${id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql`true`;
}

/** A slice from rows read with one row more than asked for (`limit first + 1`). */
export function sliceOf<T>(rows: T[], first: number): Slice<T> {
  return { items: rows.slice(0, first), hasNextPage: rows.length > first };
}

/** Groups child rows by their parent's key, keeping each parent's slice; absent parents get none. */
export function slicesByParent<T extends { parentId: string }>(
  parentIds: readonly string[],
  rows: T[],
  first: number,
): Slice<T>[] {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.parentId);
    if (list) list.push(row);
    else grouped.set(row.parentId, [row]);
  }
  return parentIds.map((id) => sliceOf(grouped.get(id) ?? [], first));
}

/** A `timestamptz` as the driver returns it (a Date, or text from PGlite's raw rows) in ISO 8601. */
export function isoOf(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** The same, keeping null. */
export function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : isoOf(value);
}
