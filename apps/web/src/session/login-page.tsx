import {
  Alert,
  Anchor,
  Button,
  Center,
  Divider,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { loginErrorMessage } from './login-error';
import { logIn } from './session';
import { ssoLoginUrl, useSignInOptions } from './sign-in-options';

export function LoginPage({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = useSignInOptions();
  // With password login off only the system admin uses the form (when the provider is down).
  const [adminForm, setAdminForm] = useState(false);
  const showForm = options.localLogin || adminForm;

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
            {options.sso && (
              <Button component="a" href={ssoLoginUrl()} variant={showForm ? 'default' : 'filled'} fullWidth>
                Sign in with SSO
              </Button>
            )}
            {options.sso && showForm && <Divider label="or" labelPosition="center" />}
            {showForm && (
              <>
                <TextInput name="username" label="Username" autoComplete="username" required autoFocus />
                <PasswordInput name="password" label="Password" autoComplete="current-password" required />
                <Button type="submit" loading={busy} fullWidth>
                  Log in
                </Button>
              </>
            )}
            {!showForm && (
              <Anchor component="button" type="button" size="sm" onClick={() => setAdminForm(true)}>
                System admin sign-in
              </Anchor>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
