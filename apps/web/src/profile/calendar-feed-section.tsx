import { Alert, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CopyableText } from '../data-sources/copyable-text';
import { ConfirmButton } from '../forms/confirm-button';
import { notifyDone, notifyFailure } from '../forms/notify';
import { QueryStates } from '../forms/query-states';
import { fullTime, relativeTime } from '../time/relative-time';
import { trpc } from '../trpc/client';

/**
 * Profile → Your on-call calendar: the user's own shifts on every schedule as an iCal feed on a
 * secret address. The server keeps only a hash of it, so the address is shown once, when made;
 * making a new one ends the old one.
 */
export function CalendarFeedSection() {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState<string | null>(null);
  const status = useQuery(trpc.profile.icalFeed.status.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.profile.icalFeed.pathKey() });
  const make = useMutation(
    trpc.profile.icalFeed.newUrl.mutationOptions({
      onSuccess: (made) => {
        setUrl(made.url);
        notifyDone('Your feed address is ready: copy it into your calendar app.');
      },
      onError: (error) => notifyFailure('Making the feed address', error),
      onSettled: refresh,
    }),
  );
  const stop = useMutation(
    trpc.profile.icalFeed.stop.mutationOptions({
      onSuccess: () => {
        setUrl(null);
        notifyDone('Your calendar feed has stopped; its address no longer answers.');
      },
      onError: (error) => notifyFailure('Stopping the feed', error),
      onSettled: refresh,
    }),
  );
  const active = status.data?.active === true;
  const since = status.data?.createdAt ? new Date(status.data.createdAt) : null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-feed">
      <Stack gap="sm">
        <Title order={2} size="h4" id="profile-feed">
          Your on-call calendar
        </Title>
        <Text size="sm" c="dimmed">
          Subscribe to this address in your calendar app to see your own shifts on every schedule, a year
          ahead, each with a reminder 15 minutes before. Anyone with the address sees your shifts, so keep it
          to yourself.
        </Text>
        <QueryStates query={status} what="your calendar feed" empty={null} />
        {url && (
          <CopyableText
            label="Your feed address"
            text={url}
            hint="Shown only now: copy it into your calendar app. Making a new one ends this one."
          />
        )}
        {status.data && !url && active && since && (
          <Alert variant="light" title="You have a feed address">
            Made{' '}
            <Tooltip label={fullTime(since)}>
              <span>{relativeTime(since, new Date())}</span>
            </Tooltip>
            . It is shown only when made: to copy it again, make a new one (the one your calendar has stops
            working).
          </Alert>
        )}
        {status.data && (
          <Group gap="xs">
            {active ? (
              <ConfirmButton
                label="Make a new address"
                title="Make a new feed address?"
                confirmLabel="Make a new address"
                color="blue"
                variant="default"
                loading={make.isPending}
                onConfirm={() => make.mutate()}
              >
                The address your calendar app has now stops working; you will need to subscribe to the new
                one.
              </ConfirmButton>
            ) : (
              <Button size="xs" loading={make.isPending} onClick={() => make.mutate()}>
                Make a feed address
              </Button>
            )}
            {active && (
              <ConfirmButton
                label="Stop the feed"
                title="Stop your calendar feed?"
                confirmLabel="Stop the feed"
                loading={stop.isPending}
                onConfirm={() => stop.mutate()}
              >
                Its address stops answering; calendars subscribed to it keep what they have and get nothing
                new.
              </ConfirmButton>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
