import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Code,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { StateBadge, shownRuleState } from '../now/state-badge';
import { fullTime } from '../time/relative-time';
import { When } from '../time/when';
import { trpc } from '../trpc/client';
import type { RouterOutputs } from '../trpc/router-types';
import { serverErrorOf } from '../trpc/server-error';
import { serverPath } from '../trpc/server-url';
import { carriedText } from './carried-text';
import { CopySnippet } from './copy-snippet';
import { PagedRecords } from './paged-records';
import { recipientText } from './recipient-text';
import { RuleEpisodes } from './rule-episodes';
import { RulePaging } from './rule-paging';
import { RuleSourceSnippets } from './rule-source-snippets';
import { curlSnippets } from './send-snippet';
import { TIMELINE_WINDOWS, type TimelineWindow, timelineQuery } from './timeline-window';
import { useLiveRuleDetail } from './use-live-rule-detail';

type Rule = RouterOutputs['alertRules']['get'];
type Segment = RouterOutputs['alerts']['statusTimeline'][number]['segments'][number];

const SEGMENT_COLORS: Record<string, string> = {
  critical: 'var(--mantine-color-red-8)',
  warning: 'var(--mantine-color-yellow-5)',
  triggered: 'var(--mantine-color-grape-8)',
  resolved: 'var(--mantine-color-teal-7)',
  unknown: 'var(--mantine-color-gray-5)',
};

function failed(what: string, error: unknown) {
  const answered = serverErrorOf(error);
  notifications.show({ color: 'red', title: `${what} failed`, message: answered?.message ?? 'No answer.' });
}

/** One rule: its state, actions, timeline, what fires, history, deliveries and how to send to it. */
export function RuleDetailPage({ ruleId }: { ruleId: string }) {
  const rule = useQuery(trpc.alertRules.get.queryOptions({ id: ruleId }));
  useLiveRuleDetail(ruleId);
  if (rule.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the alert rule" />
      </Center>
    );
  }
  if (rule.isError) {
    return (
      <Alert color="red" title="Could not load the alert rule">
        {rule.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Anchor size="sm" renderRoot={(props) => <Link to="/rules" {...props} />}>
        ← Alert rules
      </Anchor>
      <RuleHeader rule={rule.data} />
      <RulePaging rule={rule.data} />
      <StatusTimeline ruleId={ruleId} />
      <Firing ruleId={ruleId} />
      <Section title="Episodes">
        <RuleEpisodes ruleId={ruleId} />
      </Section>
      <History ruleId={ruleId} />
      <DeliveryLog ruleId={ruleId} />
      <HowToSend rule={rule.data} />
    </Stack>
  );
}

function RuleHeader({ rule }: { rule: Rule }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  const done = (message: string) => {
    notifications.show({ color: 'blue', message });
    return refresh();
  };
  const acknowledge = useMutation(
    trpc.alerts.acknowledge.mutationOptions({
      onSuccess: (answer) => done(answer.message),
      onError: (error) => failed('Acknowledge', error),
    }),
  );
  const resolve = useMutation(
    trpc.alerts.resolve.mutationOptions({
      onSuccess: (answer) => done(answer.message),
      onError: (error) => failed('Resolve', error),
    }),
  );
  const test = useMutation(
    trpc.alertRules.notify.sendTest.mutationOptions({
      onSuccess: () => done('A test notification is on its way.'),
      onError: (error) => failed('Test notification', error),
    }),
  );
  const silence = useMutation(
    trpc.alertRules.silent.mutationOptions({
      onSuccess: (next) => done(next.silentStatus === 'silent' ? 'Silenced for you.' : 'Notifies you again.'),
      onError: (error) => failed('Silence', error),
    }),
  );
  const pin = useMutation(
    trpc.alertRules.pin.mutationOptions({
      onSuccess: (next) => done(next.pinned ? 'Pinned.' : 'Unpinned.'),
      onError: (error) => failed('Pin', error),
    }),
  );
  const behaviorRules = useQuery(trpc.behaviorRules.list.queryOptions({ alertRuleId: rule.id }));
  const behaviorRuleCount = behaviorRules.data?.rules.length;
  const id = { id: rule.id };
  // Unknown: nothing has fired yet, so there is nothing to acknowledge or resolve.
  const firing = rule.state !== 'resolved' && rule.state !== 'unknown';
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {rule.name}
        </Title>
        <StateBadge state={shownRuleState(rule)} />
        {rule.sourceUnreachableSince && (
          <Badge variant="light" color="pink">
            source unreachable since {new Date(rule.sourceUnreachableSince).toLocaleString()}
          </Badge>
        )}
        {rule.pinned && (
          <Badge variant="light" color="blue">
            pinned
          </Badge>
        )}
        {rule.silentStatus === 'silent' && (
          <Badge variant="light" color="gray">
            silenced for you
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {rule.type} rule · owner {rule.owner.name || rule.owner.username}
        {rule.tags.length > 0 && ` · tags ${rule.tags.join(', ')}`}
      </Text>
      {rule.description && <Text size="sm">{rule.description}</Text>}
      <Group gap="xs" wrap="wrap">
        <Button
          size="sm"
          // Indigo 7 under white text keeps 4.5:1 in both themes (the dark theme's primary shade does not).
          color="indigo.7"
          onClick={() => acknowledge.mutate(id)}
          loading={acknowledge.isPending}
          disabled={!firing}
        >
          Acknowledge
        </Button>
        <Button
          size="sm"
          color="teal.9"
          onClick={() => resolve.mutate(id)}
          loading={resolve.isPending}
          disabled={!firing}
        >
          Resolve
        </Button>
        <Button size="sm" variant="default" onClick={() => test.mutate(id)} loading={test.isPending}>
          Test notification
        </Button>
        <Button size="sm" variant="default" onClick={() => silence.mutate(id)} loading={silence.isPending}>
          {rule.silentStatus === 'silent' ? 'Unsilence' : 'Silence'}
        </Button>
        <Button size="sm" variant="default" onClick={() => pin.mutate(id)} loading={pin.isPending}>
          {rule.pinned ? 'Unpin' : 'Pin'}
        </Button>
        <Button
          size="sm"
          variant="default"
          renderRoot={(props) => <Link to="/rules/$ruleId/edit" params={{ ruleId: rule.id }} {...props} />}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="default"
          renderRoot={(props) => <Link to="/behavior-rules" search={{ rule: rule.id }} {...props} />}
        >
          {behaviorRuleCount === undefined ? 'Behavior rules' : `Behavior rules (${behaviorRuleCount})`}
        </Button>
      </Group>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Box>
  );
}

function StatusTimeline({ ruleId }: { ruleId: string }) {
  const [window, setWindow] = useState<TimelineWindow>('24h');
  const timeline = useQuery({
    ...trpc.alerts.statusTimeline.queryOptions(timelineQuery(ruleId, window, new Date())),
    // Live events redraw it on a change; this only moves the window along with the clock.
    refetchInterval: 60_000,
  });
  const segments: Segment[] = timeline.data?.[0]?.segments ?? [];
  return (
    <Section title="Status timeline">
      <SegmentedControl
        size="xs"
        mb="xs"
        aria-label="Timeline span"
        value={window}
        onChange={(value) =>
          setWindow(TIMELINE_WINDOWS.find((choice) => choice.value === value)?.value ?? '24h')
        }
        data={TIMELINE_WINDOWS.map(({ value, label }) => ({ value, label }))}
      />
      {timeline.isError && <Alert color="red">{timeline.error.message}</Alert>}
      <Box
        role="img"
        aria-label={`States over the last ${TIMELINE_WINDOWS.find((choice) => choice.value === window)?.label}: ${
          summarize(segments) || 'no data'
        }`}
        style={{ display: 'flex', height: 28, borderRadius: 4, overflow: 'hidden' }}
      >
        {segments.map((segment) => (
          <Box
            key={segment.fromTime}
            title={`${segment.status} from ${fullTime(new Date(segment.fromTime * 1000))}${
              segment.changesCount ? `, ${segment.changesCount} changes` : ''
            }`}
            style={{ flex: 1, background: SEGMENT_COLORS[segment.status] ?? SEGMENT_COLORS.unknown }}
          />
        ))}
      </Box>
    </Section>
  );
}

/** The bar in words for a screen reader: each state with the share of the window it held. */
function summarize(segments: Segment[]): string {
  const counts = new Map<string, number>();
  for (const segment of segments) counts.set(segment.status, (counts.get(segment.status) ?? 0) + 1);
  return [...counts]
    .map(([state, count]) => `${state} ${Math.round((count / segments.length) * 100)}%`)
    .join(', ');
}

/** The newest firing instances the rule page lists; a storm's others are counted, not drawn. */
const FIRING_SHOWN = 50;

function Firing({ ruleId }: { ruleId: string }) {
  const triggered = useQuery(trpc.alerts.triggered.queryOptions({ id: ruleId, limit: FIRING_SHOWN }));
  const data = triggered.data;
  return (
    <Section title="Firing now">
      {triggered.isError && <Alert color="red">{triggered.error.message}</Alert>}
      {data && data.instances.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing fires on this rule now.
        </Text>
      )}
      <Stack gap="xs">
        {data?.instances.map((instance) => (
          <Card
            key={instance.id}
            withBorder
            padding="sm"
            component="article"
            aria-label={instance.alertname ?? instance.instance}
          >
            <Group gap="xs" wrap="wrap">
              <StateBadge state={instance.state} />
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {instance.alertname ?? 'alert'}
              </Text>
              <Text size="sm" c="dimmed">
                {instance.instance}
              </Text>
            </Group>
            {instance.description && (
              <Text size="sm" mt={4}>
                {instance.description}
              </Text>
            )}
            <Text size="xs" c="dimmed" mt={4}>
              fired <When at={instance.firedAt} />
              {instance.acknowledgedAt ? ' · Acknowledged' : ''}
            </Text>
          </Card>
        ))}
      </Stack>
      {data && data.total > data.instances.length && (
        <Text size="sm" c="dimmed" mt="xs">
          The newest {data.instances.length} of {data.total.toLocaleString()} firing instances;{' '}
          <Anchor size="sm" renderRoot={(props) => <Link to="/" {...props} />}>
            Now
          </Anchor>{' '}
          pages through them all.
        </Text>
      )}
      {data?.check && (
        <Box mt="xs">
          <Text size="sm" fw={500}>
            Last check
          </Text>
          <Code
            block
            style={{ maxHeight: 240, overflow: 'auto' }}
            tabIndex={0}
            aria-label="Last check document"
          >
            {JSON.stringify(data.check, null, 2)}
          </Code>
        </Box>
      )}
    </Section>
  );
}

const PER_PAGE = 20;

function History({ ruleId }: { ruleId: string }) {
  const [page, setPage] = useState(1);
  const history = useQuery(trpc.alerts.history.queryOptions({ id: ruleId, page, perPage: PER_PAGE }));
  return (
    <Section title="History">
      <PagedRecords
        label="History"
        query={history}
        page={page}
        onPage={setPage}
        perPage={PER_PAGE}
        empty="No events yet. Send one with the snippet below."
        columns={['When', 'Event', 'Alert', 'Description']}
        minWidth={480}
        keyOf={(entry) => entry.id}
        cells={(entry) => (
          <>
            <Table.Td>
              <Text size="sm">
                <When at={entry.createdAt} />
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{entry.status}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{alertOf(entry)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{entry.description}</Text>
            </Table.Td>
          </>
        )}
        card={(entry) => (
          <>
            <Text size="sm" fw={500}>
              {entry.status} · <When at={entry.createdAt} />
            </Text>
            {alertOf(entry) && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {alertOf(entry)}
              </Text>
            )}
            {entry.description && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {entry.description}
              </Text>
            )}
          </>
        )}
      />
    </Section>
  );
}

function alertOf(entry: { alertname: string | null; instance: string | null }): string {
  return [entry.alertname, entry.instance].filter(Boolean).join(' · ');
}

type Delivery = RouterOutputs['episodes']['deliveryLog']['items'][number];

/** What a delivery record says besides its time and endpoint: its provider and outcome, or its effect. */
function deliveryOutcome(entry: Delivery): {
  provider: string | null;
  outcome: string;
  latency: string | null;
} {
  if (entry.type === 'attempt') {
    return {
      provider: `${entry.providerConfig?.name ?? 'direct'}${entry.fallback ? ' (backup)' : ''}`,
      outcome: `${entry.outcome} #${entry.attempt}${entry.error ? `: ${entry.error}` : ''}`,
      latency: entry.latencyMs === null ? '–' : `${entry.latencyMs} ms`,
    };
  }
  if (entry.type === 'undeliverable') {
    const told = entry.toldEndpointIds.length;
    return {
      provider: null,
      outcome: `Undeliverable: every provider failed. ${
        told === 0
          ? 'The owner has no other endpoint to tell.'
          : `Sent to the owner's ${told} other endpoint${told === 1 ? '' : 's'} instead.`
      }`,
      latency: null,
    };
  }
  return {
    provider: null,
    outcome: `Behavior rule: ${entry.effect}${entry.error ? ` (${entry.error})` : ''}`,
    latency: null,
  };
}

/** A group message's instances (docs/grouping.md): "carried 5: web-1, web-2, web-3, … and 2 more". */
function Carried({ entry }: { entry: Delivery }) {
  if (entry.type !== 'attempt' || entry.carried === null) return null;
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {carriedText(entry.carried)}
    </Text>
  );
}

function endpointOf(entry: Delivery): string {
  return `${entry.endpoint.name ?? 'deleted endpoint'} (${entry.endpoint.channel ?? '?'})`;
}

function DeliveryLog({ ruleId }: { ruleId: string }) {
  const [page, setPage] = useState(1);
  const log = useQuery(trpc.episodes.deliveryLog.queryOptions({ ruleId, page, perPage: PER_PAGE }));
  return (
    <Section title="Delivery log">
      <PagedRecords
        label="Delivery log"
        query={log}
        page={page}
        onPage={setPage}
        perPage={PER_PAGE}
        empty="Nothing sent yet. Attach endpoints or schedules to the rule to be paged."
        columns={['When', 'Endpoint (channel)', 'Provider', 'Outcome', 'Latency']}
        minWidth={640}
        keyOf={(entry) => entry.id}
        cells={(entry) => {
          const { provider, outcome, latency } = deliveryOutcome(entry);
          return (
            <>
              <Table.Td>
                <Text size="sm">
                  <When at={entry.createdAt} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{endpointOf(entry)}</Text>
                {entry.type === 'attempt' && entry.recipient && (
                  <Text size="xs" c="dimmed">
                    {recipientText(entry.recipient)}
                  </Text>
                )}
                <Carried entry={entry} />
              </Table.Td>
              {provider === null ? (
                <Table.Td colSpan={3}>
                  <Text size="sm" fw={entry.type === 'undeliverable' ? 600 : undefined}>
                    {outcome}
                  </Text>
                </Table.Td>
              ) : (
                <>
                  <Table.Td>
                    <Text size="sm">{provider}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{outcome}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{latency}</Text>
                  </Table.Td>
                </>
              )}
            </>
          );
        }}
        card={(entry) => {
          const { provider, outcome, latency } = deliveryOutcome(entry);
          return (
            <>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {endpointOf(entry)} · <When at={entry.createdAt} />
              </Text>
              {entry.type === 'attempt' && entry.recipient && (
                <Text size="xs" c="dimmed">
                  {recipientText(entry.recipient)}
                </Text>
              )}
              <Carried entry={entry} />
              <Text
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
                fw={entry.type === 'undeliverable' ? 600 : undefined}
              >
                {outcome}
              </Text>
              {provider !== null && (
                <Text size="sm" c="dimmed">
                  via {provider} · {latency}
                </Text>
              )}
            </>
          );
        }}
      />
    </Section>
  );
}

function HowToSend({ rule }: { rule: Rule }) {
  const token = typeof rule.apiToken === 'string' ? rule.apiToken : null;
  if (rule.type !== 'api' && rule.type !== 'notification') {
    return (
      <Section title="How to send to it">
        <RuleSourceSnippets rule={rule} />
      </Section>
    );
  }
  if (!token) {
    return (
      <Section title="How to send to it">
        <Text size="sm" c="dimmed">
          Only the rule’s administrators see its token.
        </Text>
      </Section>
    );
  }
  const apiBase = new URL(serverPath('api/v1'), document.baseURI).href;
  const snippets = curlSnippets(apiBase, token);
  return (
    <Section title="How to send to it">
      <Stack gap="sm">
        <CopySnippet label="Token" text={token} />
        <CopySnippet label="Fire" text={snippets.fire} />
        <CopySnippet label="Resolve" text={snippets.resolve} />
      </Stack>
    </Section>
  );
}
