import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { trpcClient } from '../trpc/client';
import { type RuleListSearch, ruleListInput } from './rule-list-search';

const PER_PAGE = 100;

/** The key every loaded page of the list shares, to refetch them after a change. */
export const RULE_PAGES_KEY = ['alertRules', 'pages'] as const;

/**
 * The filtered rules a page at a time, filtered and paged by the server: the list asks for the next
 * page as its end scrolls into view, so 5,000 rules never load at once.
 */
export function useRulePages(search: RuleListSearch) {
  const query = useInfiniteQuery({
    queryKey: [...RULE_PAGES_KEY, search],
    queryFn: ({ pageParam, signal }) =>
      trpcClient.alertRules.list.query(ruleListInput(search, pageParam, PER_PAGE), { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PER_PAGE < last.total ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });
  // One array per change of the pages, not per render: the list's rows are memoized on it.
  const pages = query.data?.pages;
  const rules = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  const total = query.data?.pages[0]?.total ?? 0;
  return { query, rules, total };
}

export type ListedRule = ReturnType<typeof useRulePages>['rules'][number];
