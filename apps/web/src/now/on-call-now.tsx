import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { fullTime, relativeTime } from '../time/relative-time';
import { trpc } from '../trpc/client';
import { routerBasePath } from '../trpc/server-url';
import {
  handOffTime,
  nextRefreshMs,
  type OnCallNowAnswer,
  orderForUser,
  peopleText,
  visibleSchedules,
} from './on-call-summary';
import { useHeldValue } from './use-held-value';
import { useInteractionHold } from './use-interaction-hold';

/** Where schedules are made; a plain link, so it holds under a sub-path whichever routes exist. */
const schedulesHref = () => `${routerBasePath().replace(/\/$/, '')}/schedules`;

/**
 * The Now page's "on call now" as drawn: per schedule who is on call and until when, the user's own
 * first, a few rows then "Show all". Headed "Who is on call", so it never matches the page's own
 * "Now" heading. `answer` undefined: still loading.
 */
export function OnCallNowList({
  answer,
  userId,
  now,
  failed = false,
}: {
  answer: OnCallNowAnswer | undefined;
  userId: string;
  now: Date;
  failed?: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const listId = useId();
  const rows = answer ? orderForUser(answer.schedules, userId) : [];
  const shown = visibleSchedules(rows, expanded);

  return (
    <Paper withBorder p="xs" component="section" aria-labelledby={headingId} data-testid="on-call-now">
      <Stack gap={6}>
        <Title order={2} size="h5" id={headingId}>
          Who is on call
        </Title>
        {answer === undefined && !failed && (
          <Skeleton height={20} radius="sm" aria-label="Loading who is on call" role="status" />
        )}
        {answer === undefined && failed && (
          <Text size="sm" c="dimmed">
            Could not load who is on call; it will be asked again.
          </Text>
        )}
        {answer && rows.length === 0 && (
          <Text size="sm">
            No on-call schedules yet.{' '}
            {/* Underlined: inside a sentence, a link told apart by color alone fails axe in the dark. */}
            <Anchor href={schedulesHref()} size="sm" underline="always">
              Create a schedule for your team on the Schedules page
            </Anchor>{' '}
            to see here who is on call and until when.
          </Text>
        )}
        {rows.length > 0 && (
          <Stack component="ul" gap={4} m={0} p={0} id={listId} style={{ listStyle: 'none' }}>
            {shown.map((schedule) => {
              const nobody = schedule.onCall.length === 0;
              return (
                <Group
                  component="li"
                  key={schedule.id}
                  justify="space-between"
                  gap={4}
                  wrap="wrap"
                  data-testid="on-call-row"
                >
                  <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Text span fw={600} size="sm">
                      {schedule.name}
                    </Text>
                    {': '}
                    {/* The error color: red kept above 4.5:1 in both themes (theme.ts). */}
                    <Text
                      span
                      size="sm"
                      c={nobody ? 'var(--mantine-color-error)' : undefined}
                      fw={nobody ? 600 : undefined}
                    >
                      {peopleText(schedule, userId)}
                    </Text>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {schedule.until === null ? (
                      'no hand-off this week'
                    ) : (
                      <>
                        until{' '}
                        <time dateTime={schedule.until} title={fullTime(new Date(schedule.until))}>
                          {handOffTime(schedule.until, now)}
                        </time>{' '}
                        ({relativeTime(new Date(schedule.until), now)})
                      </>
                    )}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        )}
        {rows.length > shown.length || expanded ? (
          <Button
            size="compact-xs"
            variant="default"
            style={{ alignSelf: 'flex-start' }}
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? 'Show fewer' : `Show all ${rows.length} schedules`}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The Now page's "on call now", from the one resolver (`schedules.onCallNow`), asked again at the
 * next hand-off. While the user is at the firing list below (`listHeld`) or at this panel, a new
 * answer waits, so a row added or removed never moves what the user is about to tap.
 */
export function OnCallNow({ userId, now, listHeld }: { userId: string; now: Date; listHeld: boolean }) {
  const query = useQuery({
    ...trpc.schedules.onCallNow.queryOptions(),
    refetchInterval: (current) => nextRefreshMs(current.state.data, Date.now()) ?? false,
  });
  const panelRef = useRef<HTMLDivElement>(null);
  const panelHeld = useInteractionHold(panelRef);
  const answer = useHeldValue(query.data, listHeld || panelHeld);
  return (
    <div ref={panelRef}>
      <OnCallNowList answer={answer} userId={userId} now={now} failed={query.isError} />
    </div>
  );
}
