import { Badge, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc/client';

/** Who is on call now in one schedule, from the resolver (`schedules.onCall`). */
export function OnCallNow({ scheduleId }: { scheduleId: string }) {
  const onCall = useQuery(trpc.schedules.onCall.queryOptions({ id: scheduleId }));
  if (onCall.isPending) return <Text size="sm">On call now: …</Text>;
  if (onCall.isError) return <Text size="sm">On call now: could not be read.</Text>;
  const people = onCall.data.onCall;
  return (
    <Group gap={4}>
      <Text size="sm">On call now:</Text>
      {people.length === 0 ? (
        <Badge color="red" variant="light" tt="none">
          Nobody (a gap)
        </Badge>
      ) : (
        people.map((person) => (
          <Badge key={person.userId} variant="light" tt="none">
            {person.name}
          </Badge>
        ))
      )}
    </Group>
  );
}
