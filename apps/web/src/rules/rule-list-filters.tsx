import { Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc/client';
import { RULE_STATE_FILTERS, type RuleListSearch } from './rule-list-search';

const width = (xs: number) => ({ base: '100%', xs });
const listOrNone = (values: string[]) => (values.length > 0 ? values : undefined);

/** The REST list's filters: each change goes to the URL, which the list reads. */
export function RuleListFilters({
  search,
  onFilter,
}: {
  search: RuleListSearch;
  onFilter: (change: Partial<RuleListSearch>) => void;
}) {
  const types = useQuery(trpc.alertRules.types.queryOptions());
  const tags = useQuery(trpc.alertRules.tags.all.queryOptions());
  const people = useQuery(trpc.alertRules.createData.options.queryOptions());
  const endpoints = useQuery(trpc.alertRules.filterEndpoints.queryOptions());
  const typed = useDebouncedCallback((name: string) => onFilter({ name: name.trim() || undefined }), 300);
  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Filter alert rules">
      <TextInput
        label="Name"
        placeholder="Any name"
        defaultValue={search.name ?? ''}
        onChange={(event) => typed(event.currentTarget.value)}
        w={width(220)}
      />
      <MultiSelect
        label="Types"
        placeholder={search.types ? undefined : 'Any type'}
        data={types.data ?? search.types ?? []}
        value={search.types ?? []}
        onChange={(values) => onFilter({ types: listOrNone(values) })}
        clearable
        w={width(200)}
      />
      <MultiSelect
        label="Tags"
        placeholder={search.tags ? undefined : 'Any tag'}
        data={[...new Set([...(tags.data ?? []), ...(search.tags ?? [])])]}
        value={search.tags ?? []}
        onChange={(values) => onFilter({ tags: listOrNone(values) })}
        searchable
        clearable
        w={width(200)}
      />
      <Select
        label="State"
        placeholder="Any state"
        clearable
        data={[...RULE_STATE_FILTERS]}
        value={search.state ?? null}
        onChange={(value) => onFilter({ state: RULE_STATE_FILTERS.find((state) => state === value) })}
        w={width(150)}
      />
      <Select
        label="Silence"
        placeholder="Silenced or not"
        clearable
        data={[
          { value: 'silent', label: 'Silenced for me' },
          { value: 'active', label: 'Notifying me' },
        ]}
        value={search.silent ?? null}
        onChange={(value) =>
          onFilter({ silent: value === 'silent' || value === 'active' ? value : undefined })
        }
        w={width(170)}
      />
      <Select
        label="Owner"
        placeholder="Anyone"
        clearable
        searchable
        data={(people.data?.users ?? []).map((user) => ({
          value: user.id,
          label: user.name || user.username,
        }))}
        value={search.owner ?? null}
        onChange={(value) => onFilter({ owner: value ?? undefined })}
        w={width(180)}
      />
      <Select
        label="Endpoint"
        placeholder="Any endpoint"
        clearable
        searchable
        data={(endpoints.data ?? []).map((endpoint) => ({
          value: endpoint.id,
          label: `${endpoint.name} (${endpoint.type})`,
        }))}
        value={search.endpoint ?? null}
        onChange={(value) => onFilter({ endpoint: value ?? undefined })}
        w={width(200)}
      />
    </Group>
  );
}
