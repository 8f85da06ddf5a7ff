import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { notifyFailure } from '../forms/notify';
import { trpc } from '../trpc/client';
import { CollapsibleRuleFilters } from './collapsible-rule-filters';
import { RuleGroupActions } from './rule-group-actions';
import { isFiltered, type RuleListSearch } from './rule-list-search';
import { RuleRows } from './rule-rows';
import { useLiveRuleStates } from './use-live-rule-states';
import { type ListedRule, RULE_PAGES_KEY, useRulePages } from './use-rule-pages';

/**
 * The alert rules the user can see: the REST list's filters kept in the URL, pinned first, states
 * live from `live.events`, group actions over what the filters match, paged by the server and
 * virtualized so thousands scroll smoothly.
 */
export function RuleListPage({
  search,
  onSearch,
}: {
  search: RuleListSearch;
  onSearch: (next: RuleListSearch) => void;
}) {
  const queryClient = useQueryClient();
  const { query, rules, total } = useRulePages(search);
  const liveStates = useLiveRuleStates();
  const pin = useMutation(
    trpc.alertRules.pin.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: RULE_PAGES_KEY }),
      onError: (error) => notifyFailure('Pinning', error),
    }),
  );
  const { mutate: pinRule } = pin;
  const onPin = useCallback((rule: ListedRule) => pinRule({ id: rule.id }), [pinRule]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const nearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const filter = (change: Partial<RuleListSearch>) => onSearch({ ...search, ...change });
  // Ticked rules, for group actions over them; other filters start a new selection.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const searchKey = JSON.stringify(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection resets when the filters change.
  useEffect(() => setSelected(new Set()), [searchKey]);
  const toggle = useCallback(
    (id: string) =>
      setSelected((was) => {
        const next = new Set(was);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Alert rules
        </Title>
        <Group gap="sm">
          {selected.size > 0 && (
            <Button variant="subtle" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          )}
          <RuleGroupActions
            search={search}
            total={total}
            selection={[...selected]}
            onDone={() => setSelected(new Set())}
          />
          <Button renderRoot={(props) => <Link to="/rules/new" {...props} />}>New rule</Button>
        </Group>
      </Group>
      <CollapsibleRuleFilters search={search} onFilter={filter} />
      {query.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading alert rules" />
        </Center>
      )}
      {query.isError && (
        <Alert color="red" title="Could not load the alert rules">
          {query.error.message}
        </Alert>
      )}
      {query.data && total === 0 && (
        <Alert variant="light" title="No alert rules match">
          {isFiltered(search)
            ? 'Clear a filter to see more rules.'
            : 'No alert rule is shared with you yet. Create one with New rule, or ask its owner to share it.'}
        </Alert>
      )}
      {total > 0 && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {total} {total === 1 ? 'rule' : 'rules'} match{total === 1 ? 'es' : ''}, pinned first
            {selected.size > 0 ? ` · ${selected.size} selected` : ''}
          </Text>
          <RuleRows
            rules={rules}
            total={total}
            liveStates={liveStates}
            onNearEnd={nearEnd}
            onPin={onPin}
            selected={selected}
            onToggle={toggle}
          />
        </>
      )}
    </Stack>
  );
}
