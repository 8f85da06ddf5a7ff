import { compileFilterPattern, type FilterMatcher } from './behavior-filter-pattern';
import type { MatchMeter } from './pattern-automaton';

export interface BehaviorFilter {
  key: string;
  value: string;
}

/** What a notification behavior rule's filters look at in an alert. */
export interface FilteredAlert {
  instance?: string | null;
  labels?: Readonly<Record<string, string>> | null;
  annotations?: Readonly<Record<string, string>> | null;
}

/**
 * Rule types whose alerts are one instance string and carry no labels: their filters look at the
 * instance whatever the key says, as the replaced product did.
 */
const INSTANCE_RULE_TYPES = new Set(['api', 'notification']);

/**
 * Patterns compiled once per process: every alert of a rule is matched against the same few. Each
 * keeps what its automata learnt (up to about 64 KiB each), so at most 1,000 are kept.
 */
const compiled = new Map<string, FilterMatcher>();
const MAX_COMPILED = 1_000;

function matcherOf(pattern: string): FilterMatcher {
  let matcher = compiled.get(pattern);
  if (!matcher) {
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    matcher = compileFilterPattern(pattern);
    compiled.set(pattern, matcher);
  }
  return matcher;
}

/**
 * Whether an alert passes every filter of a notification behavior rule. For `api` and
 * `notification` rules each pattern is matched against the alert's instance; for the other types
 * against the label named by `key`, or when there is no such label the annotation of that name. A
 * key the alert lacks never matches (not even `*` or a negation), so a filter cannot fire on alerts
 * that say nothing about it. No filters at all pass.
 *
 * `meter` (if any) is charged the steps of the matches, and bounds them with its `limit`.
 *
 * @example matchesBehaviorFilters([{ key: 'env', value: 'prod*' }], { labels: { env: 'prod-eu' } }, 'prometheus') // true
 * @throws Error when a stored pattern does not parse (patterns are checked when a rule is saved).
 * @throws MatchBudgetExceeded when the meter's limit is reached.
 */
export function matchesBehaviorFilters(
  filters: readonly BehaviorFilter[],
  alert: FilteredAlert,
  ruleType: string,
  meter?: MatchMeter,
): boolean {
  return filters.every((filter) => {
    const value = valueFor(filter.key, alert, ruleType);
    return value !== undefined && matcherOf(filter.value)(value, meter);
  });
}

function valueFor(key: string, alert: FilteredAlert, ruleType: string): string | undefined {
  if (INSTANCE_RULE_TYPES.has(ruleType)) return alert.instance ?? undefined;
  const labels = alert.labels ?? {};
  if (Object.hasOwn(labels, key)) return labels[key];
  const annotations = alert.annotations ?? {};
  return Object.hasOwn(annotations, key) ? annotations[key] : undefined;
}
