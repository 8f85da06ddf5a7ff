import { Alert, Card, Center, Pagination, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ScrollTable } from '../forms/scroll-table';

/**
 * One page of a rule's records (history, deliveries, episodes) with its pager: a table that
 * scrolls inside its own box, or on a phone a card per record, so nothing is hidden sideways.
 */
export function PagedRecords<T>({
  label,
  query,
  page,
  onPage,
  perPage,
  empty,
  columns,
  minWidth,
  keyOf,
  cells,
  card,
}: {
  /** "History": names the table, the card list and the pager. */
  label: string;
  query: { isError: boolean; error: { message: string } | null; data?: { total: number; items: T[] } };
  page: number;
  onPage: (page: number) => void;
  perPage: number;
  /** What an empty list says, and what to do next. */
  empty: string;
  columns: readonly string[];
  minWidth: number;
  keyOf: (item: T) => string;
  /** A record's table cells. */
  cells: (item: T) => ReactNode;
  /** A record as the lines of a card. */
  card: (item: T) => ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / perPage)) : 1;
  return (
    <>
      {query.isError && <Alert color="red">{query.error?.message}</Alert>}
      {data && data.total === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {data && data.items.length > 0 && phone && (
        <Stack gap="xs" role="list" aria-label={label}>
          {data.items.map((item) => (
            <Card key={keyOf(item)} withBorder padding="xs" role="listitem">
              {card(item)}
            </Card>
          ))}
        </Stack>
      )}
      {data && data.items.length > 0 && !phone && (
        <ScrollTable label={`${label} table`} minWidth={minWidth} columns={columns} striped={false}>
          {data.items.map((item) => (
            <Table.Tr key={keyOf(item)}>{cells(item)}</Table.Tr>
          ))}
        </ScrollTable>
      )}
      {pages > 1 && (
        <Center mt="xs">
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            size="sm"
            aria-label={`Pages of ${label.toLowerCase()}`}
          />
        </Center>
      )}
    </>
  );
}
