import { Alert, Box, MultiSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TIMELINE_WINDOWS, type TimelineWindow, timelineQuery } from '../rules/timeline-window';
import { fullTime } from '../time/relative-time';
import { trpc } from '../trpc/client';
import { SEGMENT_COLORS, summarizeSegments } from './timeline-bars';

const MAX_RULES = 20;

/**
 * The debugging timeline (the original product's Debugging page): status bars for several chosen
 * rules over one window, one under the other, to see what flapped together.
 */
export function DebugTimelinePage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [picked, setPicked] = useState<{ id: string; name: string }[]>([]);
  const [window, setWindow] = useState<TimelineWindow>('24h');
  const candidates = useQuery({
    ...trpc.alertRules.list.queryOptions({ alertname: debounced || undefined, perPage: 50 }),
    placeholderData: keepPreviousData,
  });
  const query = timelineQuery('', window, new Date());
  const timeline = useQuery({
    ...trpc.alerts.statusTimeline.queryOptions({ ...query, alertRuleIds: picked.map((rule) => rule.id) }),
    enabled: picked.length > 0,
    refetchInterval: 60_000,
  });
  const options = [
    ...picked.map((rule) => ({ value: rule.id, label: rule.name })),
    ...(candidates.data?.items ?? [])
      .filter((rule) => !picked.some((p) => p.id === rule.id))
      .map((rule) => ({ value: rule.id, label: rule.name })),
  ];
  const label = TIMELINE_WINDOWS.find((choice) => choice.value === window)?.label ?? '';

  return (
    <Stack gap="md" maw={1000}>
      <Title order={1} size="h2">
        Debugging timeline
      </Title>
      <MultiSelect
        label="Rules"
        placeholder={picked.length ? undefined : 'Search rules by name'}
        data={options}
        value={picked.map((rule) => rule.id)}
        onChange={(ids) =>
          setPicked(ids.map((id) => ({ id, name: options.find((o) => o.value === id)?.label ?? id })))
        }
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        maxValues={MAX_RULES}
        filter={({ options: all }) => all}
        nothingFoundMessage="No rule by that name"
      />
      <SegmentedControl
        aria-label="Timeline span"
        value={window}
        onChange={(value) => setWindow(TIMELINE_WINDOWS.find((c) => c.value === value)?.value ?? '24h')}
        data={TIMELINE_WINDOWS.map(({ value, label: text }) => ({ value, label: text }))}
      />
      {timeline.isError && <Alert color="red">{timeline.error.message}</Alert>}
      {picked.length === 0 && (
        <Text size="sm" c="dimmed">
          Pick up to {MAX_RULES} rules to see their states over the same window, one bar each.
        </Text>
      )}
      {picked.length > 0 &&
        (timeline.data ?? []).map((rule) => (
          <Stack key={rule.alertRuleId} gap={4} data-testid="timeline-row">
            <Text size="sm" fw={500}>
              {rule.name}
            </Text>
            <Box
              role="img"
              aria-label={`${rule.name} over the last ${label}: ${summarizeSegments(rule.segments) || 'no data'}`}
              style={{ display: 'flex', height: 24, borderRadius: 4, overflow: 'hidden' }}
            >
              {rule.segments.map((segment) => (
                <Box
                  key={segment.fromTime}
                  title={`${segment.status} from ${fullTime(new Date(segment.fromTime * 1000))}`}
                  style={{ flex: 1, background: SEGMENT_COLORS[segment.status] ?? SEGMENT_COLORS.unknown }}
                />
              ))}
            </Box>
          </Stack>
        ))}
    </Stack>
  );
}
