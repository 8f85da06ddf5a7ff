import { Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../trpc/client';
import { zoneState } from './zone-state';

/**
 * The header's zone menu (owner and manager roles): the zone the screens show, always this main,
 * and each agent with its state, leading to the Zones screen. It does not switch zones: tRPC is
 * answered by the main alone (only REST forwards `X-Cluster`), and a picker that changed nothing
 * would mislead.
 */
export function ZonePicker() {
  const zones = useQuery({ ...trpc.zones.list.queryOptions(), refetchInterval: 60_000 });
  const agents = zones.data ?? [];
  const down = agents.filter((zone) => !zone.connected).length;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <UnstyledButton
          aria-label={`Zone: main${down > 0 ? `, ${down} agent${down === 1 ? '' : 's'} not connected` : ''}`}
          px="xs"
          py={4}
        >
          <Group gap={6} wrap="nowrap">
            <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
              <Text span visibleFrom="sm" inherit>
                Zone:{' '}
              </Text>
              main
            </Text>
            {down > 0 && (
              <Badge
                size="xs"
                color="red"
                variant="filled"
                aria-hidden
                miw="max-content"
                style={{ flexShrink: 0 }}
              >
                {down}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Showing: main (this server)</Menu.Label>
        {agents.length === 0 && <Menu.Label>No agent zones</Menu.Label>}
        {agents.map((zone) => {
          const state = zoneState(zone);
          return (
            <Menu.Item
              key={zone.id}
              component={Link}
              to="/zones"
              rightSection={
                <Badge size="xs" variant="light" color={state.color}>
                  {state.label}
                </Badge>
              }
            >
              {zone.name}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item component={Link} to="/zones">
          Manage zones
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
