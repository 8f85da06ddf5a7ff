import { Alert, Box, Card, Center, Pagination, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
  // On a phone a table would hide the times sideways: each episode is a card instead.
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const fired = (at: string) => (
    <Tooltip label={fullTime(new Date(at))}>
      <time dateTime={at}>{relativeTime(new Date(at), now)}</time>
    </Tooltip>
  );
  const byWhom = (episode: { acknowledgedBy: { name: string | null; username: string | null } | null }) =>
    episode.acknowledgedBy ? ` by ${episode.acknowledgedBy.name || episode.acknowledgedBy.username}` : '';
  const instanceOf = (episode: { alertname: string | null; instance: string | null }) =>
    [episode.alertname, episode.instance].filter(Boolean).join(' · ') || '–';
  return (
    <>
      {episodes.isError && <Alert color="red">{episodes.error.message}</Alert>}
      {episodes.data && episodes.data.total === 0 && (
        <Text size="sm" c="dimmed">
          No episodes yet: one starts when an instance fires and ends when it resolves.
        </Text>
      )}
      {phone && episodes.data && episodes.data.items.length > 0 && (
        <Stack gap="xs" role="list" aria-label="Episodes">
          {episodes.data.items.map((episode) => {
            const times = episodeTimes(episode, now);
            return (
              <Card key={episode.episodeId} withBorder padding="xs" role="listitem">
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {instanceOf(episode)}
                </Text>
                <Text size="sm">Fired {fired(episode.firedAt)}</Text>
                <Text size="sm">
                  Time to acknowledge: {times.acknowledge}
                  {byWhom(episode)}
                </Text>
                <Text size="sm">Time to resolve: {times.resolve}</Text>
              </Card>
            );
          })}
        </Stack>
      )}
      {!phone && episodes.data && episodes.data.items.length > 0 && (
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
                return (
                  <Table.Tr key={episode.episodeId}>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {instanceOf(episode)}
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
                        {byWhom(episode)}
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
