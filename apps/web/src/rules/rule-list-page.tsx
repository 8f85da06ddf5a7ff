import {
  Alert,
  Anchor,
  Badge,
  Box,
  Center,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { StateBadge } from '../now/state-badge';
import { trpc } from '../trpc/client';
import { RULE_STATE_FILTERS, type RuleListSearch, ruleListInput } from './rule-list-search';

const PER_PAGE = 50;

/** The alert rules the user can see, filtered by name, state and silence (all kept in the URL). */
export function RuleListPage({
  search,
  onSearch,
}: {
  search: RuleListSearch;
  onSearch: (next: RuleListSearch) => void;
}) {
  const rules = useQuery({
    ...trpc.alertRules.list.queryOptions(ruleListInput(search, PER_PAGE)),
    placeholderData: keepPreviousData,
  });
  // A new filter starts again at the first page.
  const filter = (change: Partial<RuleListSearch>) => onSearch({ ...search, ...change, page: undefined });
  const typed = useDebouncedCallback((name: string) => filter({ name: name.trim() || undefined }), 300);
  const pages = rules.data ? Math.max(1, Math.ceil(rules.data.total / PER_PAGE)) : 1;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Alert rules
      </Title>
      <Group gap="sm" align="flex-end" role="search" aria-label="Filter alert rules">
        <TextInput
          label="Name"
          placeholder="Any name"
          defaultValue={search.name ?? ''}
          onChange={(event) => typed(event.currentTarget.value)}
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          label="State"
          placeholder="Any state"
          clearable
          data={[...RULE_STATE_FILTERS]}
          value={search.state ?? null}
          onChange={(value) => filter({ state: RULE_STATE_FILTERS.find((state) => state === value) })}
          w={{ base: '100%', xs: 180 }}
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
            filter({ silent: value === 'silent' || value === 'active' ? value : undefined })
          }
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {rules.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading alert rules" />
        </Center>
      )}
      {rules.isError && (
        <Alert color="red" title="Could not load the alert rules">
          {rules.error.message}
        </Alert>
      )}
      {rules.data && rules.data.total === 0 && (
        <Alert variant="light" title="No alert rules match">
          {search.name || search.state || search.silent
            ? 'Clear a filter to see more rules.'
            : 'No alert rule is shared with you yet. Create one, or ask its owner to share it.'}
        </Alert>
      )}
      {rules.data && rules.data.items.length > 0 && (
        // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Alert rules table">
          <Table striped highlightOnHover verticalSpacing="xs" miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>For me</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.data.items.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {rule.pinned && (
                        <Badge size="xs" variant="light" aria-label="Pinned">
                          pinned
                        </Badge>
                      )}
                      <Anchor
                        size="sm"
                        fw={500}
                        renderRoot={(props) => (
                          <Link to="/rules/$ruleId" params={{ ruleId: rule.id }} {...props} />
                        )}
                      >
                        {rule.name}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <StateBadge state={rule.state} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{rule.type}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{rule.owner.name || rule.owner.username}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{rule.silentStatus === 'silent' ? 'Silenced' : 'Notifying'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={search.page ?? 1}
            onChange={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
            aria-label="Pages of alert rules"
          />
        </Center>
      )}
    </Stack>
  );
}
