import { Alert, Badge, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc/client';

/** The notification endpoints the user can see (its own and those shared with it). */
export function EndpointListPage() {
  const endpoints = useQuery(trpc.endpoints.list.queryOptions({}));

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Endpoints
      </Title>
      {endpoints.isPending ? (
        <Center p="xl">
          <Loader aria-label="Loading endpoints" />
        </Center>
      ) : endpoints.isError ? (
        <Alert color="red" title="Endpoints could not be loaded">
          {endpoints.error.message}
        </Alert>
      ) : endpoints.data.items.length === 0 ? (
        <Text c="dimmed">
          No endpoints yet. An endpoint is where a page goes (SMS, call, email, a chat); create one through
          the API for now, then pick it on an alert rule.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {endpoints.data.items.map((endpoint) => (
                <Table.Tr key={endpoint.id}>
                  <Table.Td>{endpoint.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{endpoint.type}</Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
