import { Entry } from '@napi-rs/keyring';
import type { CliHome } from './run-cli';

interface Stored {
  apiUrl: string;
  username: string;
  accessToken: string;
  refreshToken: string;
}

/** What the CLI keeps in the keyring for a profile, read as any program in the session could. */
export function storedSession(home: CliHome, profile = 'default'): Stored | undefined {
  const secret = new Entry(home.env.ONCALL_KEYRING_SERVICE ?? '', profile).getPassword();
  return secret ? (JSON.parse(secret) as Stored) : undefined;
}
