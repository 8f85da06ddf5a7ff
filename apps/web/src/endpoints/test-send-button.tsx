import { Alert, Button, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useMemo, useState } from 'react';
import { failureMessage } from '../forms/server-field-errors';
import { coalescedRefresh } from '../now/coalesced-refresh';
import { trpc } from '../trpc/client';
import { attemptOutcome, testAttemptsSince } from './test-send-result';

/**
 * Sends a test page through a rule that notifies the endpoint (a test always goes through a rule:
 * `alertRules.notify.sendTest` pages every endpoint of it, as a real alert would), then shows what
 * each delivery did, kept current by `live.events`.
 */
export function TestSendButton({ endpoint }: { endpoint: { id: string; name: string } }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="xs" variant="default" onClick={open} aria-label={`Test send to ${endpoint.name}`}>
        Test send
      </Button>
      {opened && <TestSendDialog endpoint={endpoint} onClose={close} />}
    </>
  );
}

function TestSendDialog({
  endpoint,
  onClose,
}: {
  endpoint: { id: string; name: string };
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 30em)', undefined, { getInitialValueInEffect: false });
  const rules = useQuery(trpc.alertRules.list.queryOptions({ endpointId: endpoint.id, perPage: 100 }));
  const [picked, setPicked] = useState<string | null>(null);
  const ruleId = picked ?? rules.data?.items[0]?.id ?? null;
  const [sentAt, setSentAt] = useState<number | null>(null);
  const queryClient = useQueryClient();
  // One read of the log at a time, and one more after it for what arrived meanwhile. A log not
  // asked for yet (before the send) is not read.
  const refetchLog = useMemo(
    () =>
      coalescedRefresh(() =>
        queryClient.refetchQueries({ queryKey: trpc.episodes.deliveryLog.queryKey(), type: 'active' }),
      ),
    [queryClient],
  );
  const send = useMutation(
    trpc.alertRules.notify.sendTest.mutationOptions({
      // Deliveries logged between the send and its answer are read again.
      onSuccess: () => refetchLog(),
    }),
  );
  const log = useQuery({
    ...trpc.episodes.deliveryLog.queryOptions({ ruleId: ruleId ?? '', perPage: 50 }),
    enabled: ruleId !== null && sentAt !== null,
    // Live events read it again as deliveries land; until the first one shows (at most 30 s), a
    // read a second also covers a stream that is still connecting.
    refetchInterval: (query) =>
      sentAt !== null &&
      Date.now() - sentAt < 30_000 &&
      testAttemptsSince(query.state.data?.items ?? [], sentAt).length === 0
        ? 1_000
        : false,
  });
  // Open from the dialog's start, so no delivery slips by before the stream is up; the callbacks
  // may be the first render's, so they read nothing of the state.
  useSubscription(
    trpc.live.events.subscriptionOptions(undefined, {
      onStarted: () => refetchLog(),
      onData: ({ data }) => {
        if (data.events.some((event) => event.kind === 'delivery')) refetchLog();
      },
    }),
  );
  // Read on every render: the query tracks the fields a render reads, and re-renders on their change only.
  const logged = log.data?.items;
  const attempts = sentAt !== null && logged ? testAttemptsSince(logged, sentAt) : [];
  const options = (rules.data?.items ?? []).map((rule) => ({ value: rule.id, label: rule.name }));

  return (
    <Modal opened onClose={onClose} title={`Test send to ${endpoint.name}`} fullScreen={phone} centered>
      <Stack>
        {rules.data && options.length === 0 ? (
          <Text size="sm">
            No alert rule notifies this endpoint yet. Attach it to a rule (its detail page), then send a test
            through it.
          </Text>
        ) : (
          <>
            <Text size="sm">
              A test goes out through a rule, to every endpoint that rule notifies, the way a real alert
              would.
            </Text>
            <Select
              label="Through the rule"
              data={options}
              value={ruleId}
              onChange={setPicked}
              searchable
              allowDeselect={false}
            />
          </>
        )}
        {send.isError && (
          <Alert color="red" title="The test was not sent">
            {failureMessage(send.error)}
          </Alert>
        )}
        {send.data && (
          <Alert
            variant="default"
            color={send.data.status ? 'teal' : 'orange'}
            title={send.data.message}
            data-testid="test-send-answer"
          >
            {send.data.status &&
              (attempts.length === 0 ? (
                <Text size="sm">Waiting for the first delivery…</Text>
              ) : (
                <List size="sm" aria-label="Deliveries of the test">
                  {attempts.map((attempt) => (
                    <List.Item key={attempt.id}>
                      {attempt.endpoint.name ?? 'Deleted endpoint'}
                      {attempt.endpoint.channel ? ` (${attempt.endpoint.channel})` : ''}:{' '}
                      {attemptOutcome(attempt)}
                    </List.Item>
                  ))}
                </List>
              ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            disabled={ruleId === null}
            loading={send.isPending}
            onClick={() => {
              if (ruleId === null) return;
              setSentAt(Date.now());
              send.mutate({ id: ruleId });
            }}
          >
            Send test
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
