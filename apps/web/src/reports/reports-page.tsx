import { Alert, Box, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { trpc } from '../trpc/client';
import type { RouterOutputs } from '../trpc/router-types';
import { formatDuration, formatRate, REPORT_RANGES, type ReportRange, rangeStart } from './report-format';

type ResponseRow = RouterOutputs['reports']['responseTimes'][number];

/** A titled table that scrolls sideways inside itself on a phone, with an empty state in words. */
function Section({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        // Focusable, so a keyboard can scroll a table wider than a phone (WCAG 2.1.1).
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`${title}, table`}>
          {children}
        </Box>
      )}
    </Stack>
  );
}

function ResponseTable({ rows, label }: { rows: { name: string; row: ResponseRow }[]; label: string }) {
  return (
    <Table striped miw={520} verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{label}</Table.Th>
          <Table.Th>Episodes</Table.Th>
          <Table.Th>Acknowledged</Table.Th>
          <Table.Th>Time to acknowledge (mean / p90)</Table.Th>
          <Table.Th>Time to resolve (mean / p90)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ name, row }) => (
          <Table.Tr key={name}>
            <Table.Td>{name}</Table.Td>
            <Table.Td>{row.episodes}</Table.Td>
            <Table.Td>{row.acknowledged}</Table.Td>
            <Table.Td>
              {formatDuration(row.mtta?.mean)} / {formatDuration(row.mtta?.p90)}
            </Table.Td>
            <Table.Td>
              {formatDuration(row.mttr?.mean)} / {formatDuration(row.mttr?.p90)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Reports over the rules the user can see: time to acknowledge and resolve per team, per rule and
 * per day, the noisiest rules, and delivery success and fallback per channel.
 */
export function ReportsPage() {
  const [range, setRange] = useState<ReportRange>('7d');
  const from = useMemo(() => rangeStart(range, Date.now()), [range]);
  const perTeam = useQuery(trpc.reports.responseTimes.queryOptions({ from, groupBy: 'team' }));
  const perRule = useQuery(trpc.reports.responseTimes.queryOptions({ from, groupBy: 'rule' }));
  const perDay = useQuery(trpc.reports.responseTimes.queryOptions({ from, groupBy: 'day' }));
  const noisy = useQuery(trpc.reports.noisiestRules.queryOptions({ from, first: 10 }));
  const delivery = useQuery(trpc.reports.deliveryStats.queryOptions({ from, groupBy: 'channel' }));
  const teams = useQuery(trpc.teams.all.queryOptions());
  const teamName = (id: string | null) => teams.data?.find((team) => team.id === id)?.name ?? 'Unknown team';
  const failed = [perTeam, perRule, perDay, noisy, delivery].find((query) => query.isError);
  const none = (rows: unknown[] | undefined, what: string) =>
    rows === undefined ? 'Loading…' : rows.length === 0 ? what : null;

  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Reports
        </Title>
        <SegmentedControl
          aria-label="Time range"
          value={range}
          onChange={(value) => setRange(value as ReportRange)}
          data={REPORT_RANGES.map((value) => ({ value, label: `Last ${value}` }))}
        />
      </Group>
      {failed?.error && (
        <Alert color="red" title="Could not load a report">
          {failed.error.message}
        </Alert>
      )}
      <Section
        title="Response per team"
        empty={none(
          perTeam.data,
          'No episode of a team rule in this range. Share rules with teams to see them here.',
        )}
      >
        <ResponseTable
          label="Team"
          rows={(perTeam.data ?? []).map((row) => ({ name: teamName(row.key.teamId), row }))}
        />
      </Section>
      <Section title="Response per rule" empty={none(perRule.data, 'No rule fired in this range.')}>
        <ResponseTable
          label="Rule"
          rows={(perRule.data ?? []).map((row) => ({ name: row.ruleName ?? row.key.ruleId ?? '–', row }))}
        />
      </Section>
      <Section title="Response over time" empty={none(perDay.data, 'No episode in this range.')}>
        <ResponseTable
          label="Day (UTC)"
          rows={(perDay.data ?? []).map((row) => ({ name: (row.key.day ?? '').slice(0, 10), row }))}
        />
      </Section>
      <Section title="Noisiest rules" empty={none(noisy.data, 'No rule fired in this range.')}>
        <Table striped miw={420} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rule</Table.Th>
              <Table.Th>Fires</Table.Th>
              <Table.Th>Episodes</Table.Th>
              <Table.Th>Events</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(noisy.data ?? []).map((row) => (
              <Table.Tr key={row.ruleId}>
                <Table.Td>{row.ruleName ?? row.ruleId}</Table.Td>
                <Table.Td>{row.fires}</Table.Td>
                <Table.Td>{row.episodes}</Table.Td>
                <Table.Td>{row.events}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title="Delivery per channel" empty={none(delivery.data, 'Nothing was sent in this range.')}>
        <Table striped miw={520} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Channel</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Delivered</Table.Th>
              <Table.Th>Success rate</Table.Th>
              <Table.Th>Backup used</Table.Th>
              <Table.Th>Latency p90</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(delivery.data ?? []).map((row) => (
              <Table.Tr key={`${row.channel}:${row.provider}`}>
                <Table.Td>{row.channel ?? '–'}</Table.Td>
                <Table.Td>{row.attempts}</Table.Td>
                <Table.Td>{row.delivered}</Table.Td>
                <Table.Td>{formatRate(row.successRate)}</Table.Td>
                <Table.Td>{formatRate(row.fallbackRate)}</Table.Td>
                <Table.Td>{row.latencyMs ? `${Math.round(row.latencyMs.p90)} ms` : '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </Stack>
  );
}
