import { Alert, Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage } from '../forms/server-field-errors';
import { trpc } from '../trpc/client';

/** Whether a form runs a query the service evaluates (it has a query box): those have a preview. */
export const hasQuery = (fields: readonly { kind: string }[]) =>
  fields.some((field) => field.kind === 'longText');

/**
 * What the rule's query returns now, run once against its data sources on request (bounded by the
 * server's timeout); nothing is saved or fired. A source that cannot be reached is named.
 */
export function RuleQueryPreview({
  type,
  settings,
}: {
  type: string;
  settings: Record<string, unknown> | null;
}) {
  const [asked, setAsked] = useState<Record<string, unknown> | null>(null);
  const preview = useQuery({
    ...trpc.alertRules.createData.preview.queryOptions({ type, settings: asked ?? {} }),
    enabled: asked !== null,
    retry: false,
    staleTime: 0,
  });
  return (
    <Stack gap="xs" role="region" aria-label="Query preview">
      <Group>
        <Button
          variant="default"
          size="xs"
          disabled={settings === null}
          loading={preview.isFetching}
          onClick={() => {
            setAsked(settings);
            if (asked !== null) void preview.refetch();
          }}
        >
          Preview what the query returns now
        </Button>
      </Group>
      {preview.isError && (
        <Alert color="red" title="No preview">
          {failureMessage(preview.error)}
        </Alert>
      )}
      {preview.data?.sources.map((source) =>
        'error' in source ? (
          <Alert key={source.id} color="red" title={`${source.name} could not be reached`}>
            {source.error}
          </Alert>
        ) : (
          <Stack key={source.id} gap={4}>
            <Text size="sm">
              <b>{source.name}</b>:{' '}
              {source.firing === 0
                ? 'nothing would fire now.'
                : `${source.firing} alert${source.firing === 1 ? '' : 's'} would fire now.`}
            </Text>
            {source.alerts.map((alert, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: alerts of one answer have no id
              <Group key={index} gap={4} wrap="wrap">
                <Badge variant="light" color="red.9">
                  {alert.name}
                </Badge>
                {Object.entries(alert.labels).map(([key, value]) => (
                  <Code key={key}>
                    {key}={value}
                  </Code>
                ))}
              </Group>
            ))}
          </Stack>
        ),
      )}
    </Stack>
  );
}
