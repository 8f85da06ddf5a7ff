import type { ReportFilter } from '@oncall/core';
import { z } from 'zod';
import { parseInput } from '../validation/parse-input';

const ids = z
  .array(z.uuid({ error: 'Not an id.' }))
  .max(100)
  .optional();

const reportFilter = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'An ISO 8601 instant with an offset.' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'An ISO 8601 instant with an offset.' }).optional(),
    ruleIds: ids,
    ruleTypes: z.array(z.string()).max(50).optional(),
    tags: z.array(z.string().min(1).max(255)).max(20).optional(),
    teamIds: ids,
    ruleStates: z.array(z.string()).max(10).optional(),
  })
  .refine((f) => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to), {
    path: ['to'],
    error: 'Must be after from.',
  });

/** The input object's fields without GraphQL's nulls (a field given as null is left out). */
function present<T extends object>(input: T | null | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(input ?? {}).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<T>;
}

/** Parses a report's `filter` argument; field errors are at `filter.<field>`. */
export function reportFilterOf<T extends object>(filter: T | null | undefined): ReportFilter {
  const { filter: parsed } = parseInput(z.object({ filter: reportFilter }), { filter: present(filter) });
  // The enums' values are the core's; GraphQL checked them.
  return parsed as ReportFilter;
}

/** Optional list arguments beside the filter, without GraphQL's nulls. */
export function listArg<T>(value: readonly T[] | null | undefined): T[] | undefined {
  return value?.length ? [...value] : undefined;
}
