import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { When } from '../time/when';
import { trpc } from '../trpc/client';
import { episodeTimes } from './episode-times';
import { PagedRecords } from './paged-records';

const PER_PAGE = 20;

const byWhom = (episode: { acknowledgedBy: { name: string | null; username: string | null } | null }) =>
  episode.acknowledgedBy ? ` by ${episode.acknowledgedBy.name || episode.acknowledgedBy.username}` : '';
const instanceOf = (episode: { alertname: string | null; instance: string | null }) =>
  [episode.alertname, episode.instance].filter(Boolean).join(' · ') || '–';

/**
 * A rule's episodes (one per instance from its first fire to its resolve), newest first, each with
 * its time to acknowledge and to resolve and who acknowledged it.
 */
export function RuleEpisodes({ ruleId }: { ruleId: string }) {
  const [page, setPage] = useState(1);
  const episodes = useQuery(trpc.episodes.list.queryOptions({ ruleId, page, perPage: PER_PAGE }));
  const now = new Date();
  return (
    <PagedRecords
      label="Episodes"
      query={episodes}
      page={page}
      onPage={setPage}
      perPage={PER_PAGE}
      empty="No episodes yet: one starts when an instance fires and ends when it resolves."
      columns={['Instance', 'Fired', 'Time to acknowledge', 'Time to resolve', 'Events']}
      minWidth={600}
      keyOf={(episode) => episode.episodeId}
      cells={(episode) => {
        const times = episodeTimes(episode, now);
        return (
          <>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {instanceOf(episode)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                <When at={episode.firedAt} now={now} />
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
          </>
        );
      }}
      card={(episode) => {
        const times = episodeTimes(episode, now);
        return (
          <>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {instanceOf(episode)}
            </Text>
            <Text size="sm">
              Fired <When at={episode.firedAt} now={now} />
            </Text>
            <Text size="sm">
              Time to acknowledge: {times.acknowledge}
              {byWhom(episode)}
            </Text>
            <Text size="sm">Time to resolve: {times.resolve}</Text>
          </>
        );
      }}
    />
  );
}
