import { z } from 'zod';

export const RULE_STATE_FILTERS = ['critical', 'warning', 'triggered', 'resolved', 'unknown'] as const;
export type RuleStateFilter = (typeof RULE_STATE_FILTERS)[number];

/** A value the URL holds that is not one is dropped, not an error: a stale link still opens the list. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const text = (max: number) =>
  lenient(
    z
      .string()
      .trim()
      .min(1)
      .transform((value) => value.slice(0, max)),
  );
/** One value or several: `?tags=a` and `?tags=["a","b"]` both read as a list. */
const textList = (max: number) =>
  lenient(
    z
      .union([z.string(), z.array(z.string())])
      .transform((value) => (Array.isArray(value) ? value : [value]).map((item) => item.trim().slice(0, max)))
      .transform((items) => [...new Set(items.filter((item) => item !== ''))])
      .refine((items) => items.length > 0),
  );

/**
 * The alert-rule list's filters as the URL keeps them (the REST list's: name, types, tags, state,
 * silence, owner, endpoint), so a filtered list can be bookmarked, shared and reloaded.
 */
export const ruleListSearchSchema = z.object({
  name: text(190),
  types: textList(64),
  tags: textList(64),
  state: lenient(z.enum(RULE_STATE_FILTERS)),
  silent: lenient(z.enum(['silent', 'active'])),
  owner: text(100),
  endpoint: text(100),
});

export type RuleListSearch = z.output<typeof ruleListSearchSchema>;

/** Reads the URL's search into filters, dropping what is not one. */
export function parseRuleListSearch(search: Record<string, unknown>): RuleListSearch {
  const parsed = ruleListSearchSchema.parse(search);
  // Absent keys stay absent, so the URL does not grow `?name=` for every empty filter.
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
}

/** Whether any filter is set (the empty state then says to clear one). */
export const isFiltered = (search: RuleListSearch) =>
  Object.values(search).some((value) => value !== undefined);

/** How many filters are set, for the phone's "Filters (N)" button that hides them. */
export const activeFilterCount = (search: RuleListSearch) =>
  Object.values(search).filter((value) => value !== undefined).length;

/** The filters as the list and the group actions take them. */
export function ruleFilterInput(search: RuleListSearch) {
  return {
    ...(search.name ? { alertname: search.name } : {}),
    ...(search.types ? { types: search.types } : {}),
    ...(search.tags ? { tags: search.tags } : {}),
    ...(search.state ? { status: [search.state] } : {}),
    ...(search.silent ? { silentStatus: search.silent } : {}),
    ...(search.owner ? { userId: search.owner } : {}),
    ...(search.endpoint ? { endpointId: search.endpoint } : {}),
  };
}

/** The list procedure's input for one page of the filtered rules. */
export function ruleListInput(search: RuleListSearch, page: number, perPage: number) {
  return { page, perPage, ...ruleFilterInput(search) };
}
