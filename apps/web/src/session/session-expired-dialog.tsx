import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { loginErrorMessage } from './login-error';
import { currentUser, isSessionExpired, logIn, onSessionExpiry, signOutHere } from './session';

function useSessionExpired(): boolean {
  return useSyncExternalStore(onSessionExpiry, isSessionExpired);
}

/**
 * Asks for the password again, over the page, when the session ends mid-work: what the user typed
 * stays where it is, and the calls that were refused run again once they are back in. Another user
 * goes through the login page instead (the page's work belongs to this one).
 */
export function SessionExpiredDialog() {
  const expired = useSessionExpired();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const username = currentUser()?.username ?? '';

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setBusy(true);
    setError(null);
    try {
      await logIn(username, password);
    } catch (failure) {
      setError(loginErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={expired}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      zIndex={1000}
      centered
      title="Your session has ended"
    >
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">
            Log in again to carry on. What you were doing stays as it is, and what was being saved is sent
            once you are back.
          </Text>
          {error && (
            <Alert color="red" role="alert" variant="light">
              {error}
            </Alert>
          )}
          <TextInput name="username" label="Username" value={username} autoComplete="username" readOnly />
          <PasswordInput
            name="password"
            label="Password"
            autoComplete="current-password"
            required
            data-autofocus
          />
          <Group justify="space-between">
            <Button variant="subtle" onClick={signOutHere}>
              Log in as someone else
            </Button>
            <Button type="submit" loading={busy}>
              Log in
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
