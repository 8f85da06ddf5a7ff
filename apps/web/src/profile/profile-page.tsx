import { Alert, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { ConfirmButton } from '../forms/confirm-button';
import { notifyDone, notifyFailure } from '../forms/notify';
import { PasswordForm } from '../people/password-form';
import { logOut } from '../session/session';
import { fullTime, relativeTime } from '../time/relative-time';
import { trpc } from '../trpc/client';
import { CalendarFeedSection } from './calendar-feed-section';
import { NotificationRulesSection } from './notification-rules-section';
import { clientLabel } from './session-label';

/**
 * The signed-in user's own settings: how pages reach them (notification rules), their on-call
 * calendar feed, the password, and the sessions it is logged in with.
 */
export function ProfilePage() {
  const { user } = useRouteContext({ from: '/_app' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery(trpc.auth.sessions.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.auth.sessions.queryKey() });
  const changePassword = useMutation(trpc.users.changePassword.mutationOptions({ onSuccess: refresh }));
  const endSession = useMutation(
    trpc.auth.endSession.mutationOptions({
      onSuccess: () => notifyDone('That session has ended.'),
      onError: (error) => notifyFailure('Ending the session', error),
      onSettled: refresh,
    }),
  );
  const endOthers = useMutation(trpc.auth.endOtherSessions.mutationOptions());
  const now = new Date();

  const logOutEverywhere = async () => {
    try {
      await endOthers.mutateAsync();
    } catch (error) {
      notifyFailure('Log out everywhere', error);
      return;
    }
    await logOut().catch(() => undefined);
    queryClient.clear();
    await navigate({ to: '/login' });
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Profile
      </Title>
      <Paper withBorder p="md" component="section" aria-labelledby="profile-account">
        <Stack gap={4}>
          <Title order={2} size="h4" id="profile-account">
            {user.name || user.username}
          </Title>
          <Text size="sm" c="dimmed">
            Username {user.username} · role {user.role}
          </Text>
        </Stack>
      </Paper>
      <NotificationRulesSection userId={user.id} />
      <CalendarFeedSection />
      <Paper withBorder p="md" component="section" aria-labelledby="profile-password">
        <Stack gap="sm">
          <Title order={2} size="h4" id="profile-password">
            Password
          </Title>
          <Text size="sm" c="dimmed">
            Changing it logs out every other session; this one stays.
          </Text>
          <PasswordForm
            own
            onSubmit={async (draft) => {
              await changePassword.mutateAsync({ id: user.id, ...draft });
              notifyDone('Your password was changed; your other sessions ended.');
            }}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="profile-sessions">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4" id="profile-sessions">
              Sessions
            </Title>
            <ConfirmButton
              label="Log out everywhere"
              title="Log out everywhere?"
              confirmLabel="Log out everywhere"
              loading={endOthers.isPending}
              onConfirm={() => void logOutEverywhere()}
            >
              Every session ends, this one too: phones, other browsers and scripts using a login need to log
              in again.
            </ConfirmButton>
          </Group>
          {sessions.isError && (
            <Alert color="red" title="Could not load the sessions">
              {sessions.error.message}
            </Alert>
          )}
          {sessions.data?.map((session) => (
            <Group
              key={session.id}
              justify="space-between"
              wrap="wrap"
              gap="xs"
              data-testid="session-row"
              py={4}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0}>
                <Group gap={6}>
                  <Text size="sm" fw={500}>
                    {clientLabel(session.userAgent)}
                  </Text>
                  {session.current && (
                    <Badge size="xs" variant="light">
                      this session
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {session.ip ?? 'unknown address'} · logged in{' '}
                  <Tooltip label={fullTime(new Date(session.createdAt))}>
                    <span>{relativeTime(new Date(session.createdAt), now)}</span>
                  </Tooltip>
                </Text>
              </Stack>
              {!session.current && (
                <Button
                  size="xs"
                  variant="default"
                  loading={endSession.isPending}
                  aria-label={`End the session of ${clientLabel(session.userAgent)} from ${session.ip ?? 'an unknown address'}`}
                  onClick={() => endSession.mutate({ id: session.id })}
                >
                  End
                </Button>
              )}
            </Group>
          ))}
          {sessions.data?.length === 1 && (
            <Text size="sm" c="dimmed">
              This is your only session.
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
