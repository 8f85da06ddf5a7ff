import { Alert, Badge, Button, Center, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { trpc } from '../trpc/client';
import type { RouterOutputs } from '../trpc/router-types';
import { FiringCard } from './firing-card';
import { OnCallNow } from './on-call-now';
import { nextShown } from './stable-list';
import { useInteractionHold } from './use-interaction-hold';
import { type LiveState, useLiveRefresh } from './use-live-refresh';
import { useRuleActions } from './use-rule-actions';

const PER_PAGE = 50;

const LIVE_LABEL: Record<LiveState, { text: string; color: string }> = {
  connecting: { text: 'Connecting…', color: 'gray' },
  live: { text: 'Live', color: 'teal' },
  offline: { text: 'Reconnecting…', color: 'orange' },
};

/** The clock relative times are shown against, ticking each half minute. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  const interval = useInterval(() => setNow(new Date()), 30_000);
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, [interval]);
  return now;
}

type FiringPage = RouterOutputs['alerts']['firing'];

/**
 * The page as shown: live data, except that while the user is at the list, data that would move its
 * cards waits (`pending`) until the user leaves it or asks for it.
 */
function useStableFiring(latest: FiringPage | undefined, held: boolean) {
  // Each page with the server's clock minus this one's, measured when it arrived (for countdowns).
  const received = useMemo(
    () => (latest ? { page: latest, skewMs: Date.parse(latest.asOf) - Date.now() } : undefined),
    [latest],
  );
  const [state, setState] = useState<{ shown: typeof received; pending: boolean }>({
    shown: received,
    pending: false,
  });
  useEffect(() => {
    if (received === undefined) return;
    setState((current) => nextShown(current.shown, received, held, (r) => r.page.items.map((i) => i.id)));
  }, [received, held]);
  return {
    data: state.shown?.page,
    skewMs: state.shown?.skewMs ?? 0,
    pending: state.pending,
    showLatest: () => setState({ shown: received, pending: false }),
  };
}

/** Now: every firing instance of the rules the user can see, worst and newest first, kept live. */
export function NowPage({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { user } = useRouteContext({ from: '/_app' });
  const firing = useQuery({
    ...trpc.alerts.firing.queryOptions({ page, perPage: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  const live = useLiveRefresh();
  const actions = useRuleActions();
  const now = useNow();
  const listRef = useRef<HTMLDivElement>(null);
  const held = useInteractionHold(listRef);
  const { data, skewMs, pending, showLatest } = useStableFiring(firing.data, held);
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Now
        </Title>
        <Group gap="xs">
          {pending && (
            <Button size="xs" variant="light" onClick={showLatest} data-testid="show-latest">
              Show changes
            </Button>
          )}
          <Badge variant="dot" color={LIVE_LABEL[live].color} aria-live="polite">
            {LIVE_LABEL[live].text}
          </Badge>
        </Group>
      </Group>
      {data && (
        <Text c="dimmed" size="sm" aria-live="polite" data-testid="firing-summary">
          {data.total === 0 ? 'Nothing is firing.' : `${data.critical} critical · ${data.warning} warning`}
        </Text>
      )}
      <OnCallNow userId={user.id} now={now} listHeld={held} />
      {firing.isPending && (
        <Center py="xl">
          <Loader role="status" aria-label="Loading what fires" />
        </Center>
      )}
      {firing.isError && (
        <Alert color="red" title="Could not load what fires">
          {firing.error.message} It will be retried when the live feed reconnects.
        </Alert>
      )}
      {data && data.total === 0 && (
        <Alert variant="light" title="All quiet">
          Alerts from the rules you can see appear here the moment they fire. To send one, create an alert
          rule and post to its URL.
        </Alert>
      )}
      <Stack gap="md" ref={listRef} data-testid="firing-list">
        {data?.items.map((entry) => (
          <FiringCard key={entry.id} entry={entry} now={now} actions={actions} skewMs={skewMs} />
        ))}
      </Stack>
      {pages > 1 && (
        <Center>
          <Pagination total={pages} value={page} onChange={onPage} aria-label="Pages of firing alerts" />
        </Center>
      )}
    </Stack>
  );
}
