import { Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { trpc } from '../trpc/client';
import { useSelectedZone } from './selected-zone';
import { switchZone } from './switch-zone';
import { zoneState } from './zone-state';

/**
 * The header's zone menu (owner and manager roles): the zone the screens show and each agent with
 * its state; picking one sends `X-Cluster` with the calls the main forwards. A zone that is no
 * longer listed (deleted) is dropped back to the main.
 */
export function ZonePicker() {
  const zones = useQuery({ ...trpc.zones.list.queryOptions(), refetchInterval: 60_000 });
  const agents = zones.data ?? [];
  const down = agents.filter((zone) => !zone.connected).length;
  const selected = useSelectedZone();
  const shown = selected?.name ?? 'main';
  useEffect(() => {
    if (selected && zones.data && !zones.data.some((zone) => zone.id === selected.id)) switchZone(null);
  }, [selected, zones.data]);
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <UnstyledButton
          aria-label={`Zone: ${shown}${down > 0 ? `, ${down} agent${down === 1 ? '' : 's'} not connected` : ''}`}
          px="xs"
          py={4}
        >
          <Group gap={6} wrap="nowrap">
            <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
              <Text span visibleFrom="sm" inherit>
                Zone:{' '}
              </Text>
              {shown}
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
        <Menu.Label>Showing: {selected ? selected.name : 'main (this server)'}</Menu.Label>
        {selected && <Menu.Item onClick={() => switchZone(null)}>main (this server)</Menu.Item>}
        {agents.length === 0 && <Menu.Label>No agent zones</Menu.Label>}
        {agents.map((zone) => {
          const state = zoneState(zone);
          return (
            <Menu.Item
              key={zone.id}
              onClick={() => switchZone({ id: zone.id, name: zone.name })}
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
