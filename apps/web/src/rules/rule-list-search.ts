/** The alert-rule list's filters as the URL keeps them, so a filtered list can be bookmarked and shared. */
export interface RuleListSearch {
  name?: string;
  state?: RuleStateFilter;
  silent?: 'silent' | 'active';
  page?: number;
}

export const RULE_STATE_FILTERS = ['critical', 'warning', 'triggered', 'resolved', 'unknown'] as const;
export type RuleStateFilter = (typeof RULE_STATE_FILTERS)[number];

const isStateFilter = (value: unknown): value is RuleStateFilter =>
  typeof value === 'string' && (RULE_STATE_FILTERS as readonly string[]).includes(value);

/** Reads the URL's search into filters, dropping what is not one. */
export function parseRuleListSearch(search: Record<string, unknown>): RuleListSearch {
  const parsed: RuleListSearch = {};
  if (typeof search.name === 'string' && search.name.trim() !== '') parsed.name = search.name.slice(0, 190);
  if (isStateFilter(search.state)) parsed.state = search.state;
  if (search.silent === 'silent' || search.silent === 'active') parsed.silent = search.silent;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1) parsed.page = page;
  return parsed;
}

/** The list procedure's input for the filters. */
export function ruleListInput(search: RuleListSearch, perPage: number) {
  return {
    page: search.page ?? 1,
    perPage,
    ...(search.name ? { alertname: search.name } : {}),
    ...(search.state ? { status: [search.state] } : {}),
    ...(search.silent ? { silentStatus: search.silent } : {}),
  };
}
