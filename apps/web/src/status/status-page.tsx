import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { StateBadge } from '../now/state-badge';
import { trpc } from '../trpc/client';

/**
 * The status page: one card per tag group (the original product's Status page), its worst state
 * over the rules carrying its tags and how many are critical or warning.
 */
export function StatusPage() {
  const cards = useQuery({ ...trpc.statusGroups.cards.queryOptions(), refetchInterval: 30_000 });
  return (
    <Stack gap="md" maw={1000}>
      <Title order={1} size="h2">
        Status
      </Title>
      {cards.isError && (
        <Alert color="red" title="Could not load the status groups">
          {cards.error.message}
        </Alert>
      )}
      {cards.data?.length === 0 && (
        <Alert variant="default" title="No status groups yet">
          An owner or manager groups rules by tags (for example `checkout` or `db`); each group then shows
          here with its worst state.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {cards.data?.map((card) => (
          <Card key={card.id} withBorder component="article" aria-label={card.name} data-testid="status-card">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} truncate>
                {card.name}
              </Text>
              <StateBadge state={card.state} />
            </Group>
            <Text size="sm" mt={4}>
              {card.criticalCount} critical · {card.warningCount} warning
            </Text>
            <Group gap={4} mt={6} aria-label="Tags">
              {card.tags.map((tag) => (
                <Badge key={tag} variant="outline" color="gray" tt="none">
                  {tag}
                </Badge>
              ))}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
