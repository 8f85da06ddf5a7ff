import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { loginErrorMessage } from './login-error';
import { logIn } from './session';

export function LoginPage({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await logIn(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
      onLoggedIn();
    } catch (failure) {
      setError(loginErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={380}>
        <form onSubmit={submit} aria-labelledby="login-title">
          <Stack>
            <Title order={1} size="h3" id="login-title">
              Log in to On-call
            </Title>
            {error && (
              <Alert color="red" role="alert" variant="light">
                {error}
              </Alert>
            )}
            <TextInput name="username" label="Username" autoComplete="username" required autoFocus />
            <PasswordInput name="password" label="Password" autoComplete="current-password" required />
            <Button type="submit" loading={busy} fullWidth>
              Log in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
