import { CliError } from '../errors/cli-error';
import { ExitCode } from '../errors/exit-codes';
import { type StoredSession, storedSessionSchema } from './stored-session';

/** Tests and side-by-side installs may pick another service name; users never need to. */
const service = (env: NodeJS.ProcessEnv) => env.ONCALL_KEYRING_SERVICE?.trim() || 'oncall-cli';

export const KEYRING_HELP = [
  'The CLI keeps tokens only in an OS keyring. To get one:',
  '  - Linux, kernel keyring: install keyutils (apt-get install keyutils) and run your shell under',
  '    `keyctl session` (for example `keyctl session - bash`);',
  '  - Linux desktop: run a Secret Service daemon (gnome-keyring, KeePassXC);',
  '  - macOS and Windows: the system keychain / Credential Manager is used as is.',
  'Or, knowingly, `oncall login --insecure-storage` keeps them in a plaintext file (mode 0600),',
  'which `oncall auth status` keeps flagging.',
].join('\n');

type KeyringModule = typeof import('@napi-rs/keyring');

/** The native addon loads only when tokens are needed: `--help` and `config` stay fast. */
async function entryFor(profile: string, env: NodeJS.ProcessEnv) {
  const { Entry }: KeyringModule = await import('@napi-rs/keyring');
  try {
    return new Entry(service(env), profile);
  } catch (error) {
    throw unavailable(error);
  }
}

function unavailable(error: unknown): CliError {
  const detail = error instanceof Error ? error.message : String(error);
  return new CliError(ExitCode.keyring, `No OS keyring is reachable (${detail}).\n${KEYRING_HELP}`);
}

export const keyringStore = {
  kind: 'keyring' as const,
  async read(profile: string, env: NodeJS.ProcessEnv): Promise<StoredSession | undefined> {
    const entry = await entryFor(profile, env);
    let secret: string | null;
    try {
      secret = entry.getPassword();
    } catch (error) {
      throw unavailable(error);
    }
    if (!secret) return undefined;
    const parsed = storedSessionSchema.safeParse(JSON.parse(secret));
    // Something else wrote this entry: treat it as no session rather than send it anywhere.
    return parsed.success ? parsed.data : undefined;
  },
  async write(profile: string, session: StoredSession, env: NodeJS.ProcessEnv): Promise<void> {
    const entry = await entryFor(profile, env);
    try {
      entry.setPassword(JSON.stringify(session));
    } catch (error) {
      throw unavailable(error);
    }
  },
  async remove(profile: string, env: NodeJS.ProcessEnv): Promise<boolean> {
    const entry = await entryFor(profile, env);
    try {
      return entry.deletePassword();
    } catch (error) {
      throw unavailable(error);
    }
  },
};
