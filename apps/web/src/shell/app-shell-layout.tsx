import { AppShell, Burger, Group, Menu, NavLink, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useMatchRoute, useNavigate, useRouteContext } from '@tanstack/react-router';
import { logOut } from '../session/session';
import { SessionExpiredDialog } from '../session/session-expired-dialog';
import { useSignedOutRedirect } from '../session/session-hooks';
import { managesSettings } from '../settings/admin-route';
import { ZoneBanner } from '../zones/zone-banner';
import { ZonePicker } from '../zones/zone-picker';
import { ColorSchemeToggle } from './color-scheme-toggle';

const NAV = [
  { to: '/', label: 'Now' },
  { to: '/rules', label: 'Alert rules' },
  { to: '/endpoints', label: 'Endpoints' },
  { to: '/reports', label: 'Reports' },
  { to: '/status', label: 'Status' },
  { to: '/timeline', label: 'Timeline' },
  { to: '/schedules', label: 'Schedules' },
  { to: '/teams', label: 'Teams' },
  { to: '/users', label: 'Users', forRoles: ['owner', 'manager'] },
  { to: '/behavior-rules', label: 'Behavior rules' },
  { to: '/data-sources', label: 'Data sources', forRoles: ['owner', 'manager'] },
  { to: '/settings', label: 'Settings', forRoles: ['owner', 'manager'] },
  { to: '/zones', label: 'Zones', forRoles: ['owner', 'manager'] },
] as const;

/** The frame of every signed-in screen: header, navigation (a drawer below 768 px), the screen. */
export function AppShellLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { user } = useRouteContext({ from: '/_app' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const matchRoute = useMatchRoute();
  useSignedOutRedirect();

  const signOut = async () => {
    await logOut().catch(() => undefined);
    queryClient.clear();
    await navigate({ to: '/login' });
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Navigation" />
            <Text fw={700} component={Link} to="/" style={{ whiteSpace: 'nowrap' }}>
              On-call
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {managesSettings(user.role) && <ZonePicker />}
            <ColorSchemeToggle />
            <Menu position="bottom-end">
              <Menu.Target>
                <UnstyledButton aria-label={`Account: ${user.username}`} px="xs" py={4}>
                  <Text size="sm" truncate maw={{ base: 96, sm: 140 }}>
                    {user.name || user.username}
                  </Text>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{user.username}</Menu.Label>
                <Menu.Item component={Link} to="/profile">
                  Profile
                </Menu.Item>
                <Menu.Item onClick={() => void signOut()}>Log out</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main">
        {NAV.filter(
          (item) => !('forRoles' in item) || (item.forRoles as readonly string[]).includes(user.role),
        ).map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            active={Boolean(matchRoute({ to: item.to, fuzzy: item.to !== '/' }))}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <ZoneBanner />
        <Outlet />
      </AppShell.Main>
      <SessionExpiredDialog />
    </AppShell>
  );
}
