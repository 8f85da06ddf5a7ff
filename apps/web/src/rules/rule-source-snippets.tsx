import { Alert, Anchor, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { receiverSnippets } from '../data-sources/receiver-snippets';
import { trpc } from '../trpc/client';
import type { RouterOutputs } from '../trpc/router-types';
import { CopySnippet } from './copy-snippet';

type Rule = RouterOutputs['alertRules']['get'];

/** More than this many data sources: the data source page lists them all. */
const MOST_SOURCES = 5;

/**
 * How alerts reach a rule fed by a data source (Prometheus, Alertmanager, Grafana, …): which
 * alerts apply to it, and for each of its data sources what to paste on the sending side. The
 * receiver URLs carry the source's token, so only the roles that read data sources see them.
 */
export function RuleSourceSnippets({ rule }: { rule: Rule }) {
  const { user } = useRouteContext({ from: '/_app' });
  const readsSources = user.role === 'owner' || user.role === 'manager';
  const everySource = rule.dataSourceIds.length === 0;
  const ofType = useQuery({
    ...trpc.dataSources.ofType.queryOptions({ type: rule.type }),
    enabled: readsSources && everySource,
  });
  const ids = everySource ? (ofType.data ?? []).map((source) => source.id) : rule.dataSourceIds;
  const sources = useQueries({
    queries: ids
      .slice(0, MOST_SOURCES)
      .map((id) => ({ ...trpc.dataSources.get.queryOptions({ id }), enabled: readsSources })),
  });
  const alertName = typeof rule.dataSourceAlertName === 'string' ? rule.dataSourceAlertName : null;

  if (rule.queryType === 'textQuery') {
    return (
      <Text size="sm">
        A text-query rule is checked by this service against its data sources on its interval: nothing needs
        to send to it.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">
        {alertName ? (
          <>
            Alerts named <Code>{alertName}</Code> (their <Code>alertname</Code> label) that arrive on{' '}
          </>
        ) : (
          'Alerts that arrive on '
        )}
        {everySource ? `any ${rule.type} data source` : 'its data sources'} reach this rule.
      </Text>
      {!readsSources && (
        <Text size="sm" c="dimmed">
          A data source’s receiver URL carries its token: an owner or manager finds it, and the snippet to
          paste, on Data sources.
        </Text>
      )}
      {readsSources && ofType.isPending && everySource && (
        <Loader size="sm" aria-label="Loading data sources" />
      )}
      {readsSources && ids.length === 0 && !ofType.isPending && (
        <Text size="sm" c="dimmed">
          No {rule.type} data source yet.{' '}
          <Anchor renderRoot={(props) => <Link to="/data-sources" {...props} />}>
            Add one on Data sources
          </Anchor>
          , then paste its snippet on the sending side.
        </Text>
      )}
      {sources.map((source, index) => {
        if (source.isError) {
          return (
            <Alert key={ids[index]} color="red">
              {source.error.message}
            </Alert>
          );
        }
        if (!source.data) return null;
        const snippets = receiverSnippets(
          { ...source.data, label: source.data.type },
          window.location.origin,
        );
        return (
          <Stack key={source.data.id} gap="xs">
            <Title order={3} size="h5">
              {source.data.name}
            </Title>
            {snippets.map((snippet) => (
              <Stack key={snippet.title} gap={2}>
                <Text size="xs" c="dimmed">
                  {snippet.where}
                </Text>
                <CopySnippet label={snippet.title} text={snippet.text} />
              </Stack>
            ))}
          </Stack>
        );
      })}
      {ids.length > MOST_SOURCES && (
        <Text size="sm" c="dimmed">
          {ids.length - MOST_SOURCES} more data sources feed it: see Data sources.
        </Text>
      )}
    </Stack>
  );
}
