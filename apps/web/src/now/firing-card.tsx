import { Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { fullTime, relativeTime } from '../time/relative-time';
import type { RouterOutputs } from '../trpc/router-types';
import { EscalationCountdown } from './escalation-countdown';
import { PageStatusRow } from './page-status-row';
import { StateBadge } from './state-badge';

export type FiringEntry = RouterOutputs['alerts']['firing']['items'][number];

export interface FiringActions {
  acknowledge(ruleId: string): void;
  resolve(ruleId: string): void;
  toggleSilence(ruleId: string): void;
  /** The rule an action is running for, so its buttons show it and are not pressed twice. */
  busyRuleId: string | null;
}

/** One firing instance: what, where, since when, and the three things a responder does about it. */
export function FiringCard({
  entry,
  now,
  actions,
  skewMs = 0,
}: {
  entry: FiringEntry;
  now: Date;
  actions: FiringActions;
  /** The server's clock minus this one's, for the escalation countdown. */
  skewMs?: number;
}) {
  const [detailsOpen, details] = useDisclosure(false);
  const firedAt = new Date(entry.firedAt);
  const title = entry.alertname ?? entry.rule.name;
  const labels = Object.entries(entry.labels ?? {});
  // The source's annotations, then the details an API fire sent.
  const annotations = Object.entries({ ...(entry.annotations ?? {}), ...(entry.details ?? {}) });
  const hasDetails =
    labels.length > 0 || annotations.length > 0 || Boolean(entry.summary && entry.description);
  const busy = actions.busyRuleId === entry.rule.id;
  const headingId = `firing-${entry.id}`;
  return (
    <Card withBorder padding="sm" component="article" aria-labelledby={headingId} data-testid="firing-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <StateBadge state={entry.state} />
            <Text fw={600} id={headingId} truncate>
              {title}
            </Text>
          </Group>
          <Tooltip label={fullTime(firedAt)}>
            <Text
              size="sm"
              c="dimmed"
              component="time"
              dateTime={entry.firedAt}
              style={{ whiteSpace: 'nowrap' }}
            >
              {relativeTime(firedAt, now)}
            </Text>
          </Tooltip>
        </Group>
        <Text size="sm">
          <Text span c="dimmed">
            on{' '}
          </Text>
          <Text span>{entry.instance}</Text>
          <Text span c="dimmed">
            {' '}
            · rule{' '}
          </Text>
          <Text span>{entry.rule.name}</Text>
        </Text>
        {(entry.summary || entry.description) && (
          <Text size="sm" lineClamp={3}>
            {entry.summary ?? entry.description}
          </Text>
        )}
        <Group gap={6}>
          {entry.acknowledgedAt && (
            <Badge variant="light" color="blue">
              Acknowledged {relativeTime(new Date(entry.acknowledgedAt), now)}
            </Badge>
          )}
          {entry.rule.isSilent && (
            <Badge variant="light" color="gray">
              Silenced for you
            </Badge>
          )}
        </Group>
        <PageStatusRow pages={entry.pages} />
        {/* Always one line, so an escalation ending (an acknowledgement) does not move the cards below. */}
        {entry.nextEscalation ? (
          <EscalationCountdown next={entry.nextEscalation} skewMs={skewMs} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="escalation-countdown">
            {entry.acknowledgedAt ? 'No escalation: acknowledged' : 'No escalation step waiting'}
          </Text>
        )}
        {detailsOpen && (
          <Stack gap={4}>
            {entry.summary && entry.description && <Text size="sm">{entry.description}</Text>}
            {labels.length > 0 && (
              <Group gap={4} aria-label="Labels">
                {labels.map(([key, value]) => (
                  <Badge key={key} variant="outline" color="gray" tt="none">
                    {key}={value}
                  </Badge>
                ))}
              </Group>
            )}
            {annotations.map(([key, value]) => (
              <Text size="xs" key={key}>
                <Text span fw={600}>
                  {key}:
                </Text>{' '}
                {typeof value === 'string' ? value : JSON.stringify(value)}
              </Text>
            ))}
          </Stack>
        )}
        <Group gap="xs" mt={4}>
          <Button
            size="sm"
            disabled={Boolean(entry.acknowledgedAt) || busy}
            onClick={() => actions.acknowledge(entry.rule.id)}
            aria-describedby={headingId}
          >
            Acknowledge
          </Button>
          <Button
            size="sm"
            variant="default"
            disabled={busy}
            onClick={() => actions.resolve(entry.rule.id)}
            aria-describedby={headingId}
          >
            Resolve
          </Button>
          <Button
            size="sm"
            variant="default"
            disabled={busy}
            onClick={() => actions.toggleSilence(entry.rule.id)}
            aria-describedby={headingId}
          >
            {entry.rule.isSilent ? 'Unsilence' : 'Silence'}
          </Button>
          {hasDetails && (
            <Button size="sm" variant="subtle" onClick={details.toggle} aria-expanded={detailsOpen}>
              {detailsOpen ? 'Less' : 'Details'}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
