import { Alert, Box, Center, Pagination, Table, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fullTime, relativeTime } from '../time/relative-time';
import { trpc } from '../trpc/client';
import { episodeTimes } from './episode-times';

const PER_PAGE = 20;

/**
 * A rule's episodes (one per instance from its first fire to its resolve), newest first, each with
 * its time to acknowledge and to resolve and who acknowledged it.
 */
export function RuleEpisodes({ ruleId }: { ruleId: string }) {
  const [page, setPage] = useState(1);
  const episodes = useQuery(trpc.episodes.list.queryOptions({ ruleId, page, perPage: PER_PAGE }));
  const pages = episodes.data ? Math.max(1, Math.ceil(episodes.data.total / PER_PAGE)) : 1;
  const now = new Date();
  return (
    <>
      {episodes.isError && <Alert color="red">{episodes.error.message}</Alert>}
      {episodes.data && episodes.data.total === 0 && (
        <Text size="sm" c="dimmed">
          No episodes yet: one starts when an instance fires and ends when it resolves.
        </Text>
      )}
      {episodes.data && episodes.data.items.length > 0 && (
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Episodes table">
          <Table verticalSpacing={4} miw={600}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Instance</Table.Th>
                <Table.Th>Fired</Table.Th>
                <Table.Th>Time to acknowledge</Table.Th>
                <Table.Th>Time to resolve</Table.Th>
                <Table.Th>Events</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {episodes.data.items.map((episode) => {
                const times = episodeTimes(episode, now);
                const by = episode.acknowledgedBy;
                return (
                  <Table.Tr key={episode.episodeId}>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {[episode.alertname, episode.instance].filter(Boolean).join(' · ') || '–'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        <Tooltip label={fullTime(new Date(episode.firedAt))}>
                          <time dateTime={episode.firedAt}>
                            {relativeTime(new Date(episode.firedAt), now)}
                          </time>
                        </Tooltip>
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {times.acknowledge}
                        {by ? ` by ${by.name || by.username}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{times.resolve}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{episode.eventCount}</Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {pages > 1 && (
        <Center mt="xs">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            aria-label="Pages of episodes"
          />
        </Center>
      )}
    </>
  );
}
