import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import type * as z from 'zod/mini';
import { read, tokenAnswer, userAnswer } from '../api/answers';
import { LOG_IN_AGAIN, sessionFrom } from '../api/api-client';
import { CliError } from '../errors/cli-error';
import { ExitCode } from '../errors/exit-codes';
import { insecureFileStore } from '../session/insecure-file-store';
import { keyringStore } from '../session/keyring-store';
import { anonymousClient, loggedInClient } from '../session/logged-in-client';
import { sessionStoreFor } from '../session/session-store';
import { ssoBrowserLogin } from '../session/sso-browser-login';
import { updateProfile } from '../settings/config-file';
import { action, examples, type Run } from './command-kit';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One trailing line break is how `echo` and files end; the password itself keeps its spaces.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function askUsername(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question('Username: ')).trim();
  } finally {
    rl.close();
  }
}

async function askPassword(): Promise<string> {
  const { default: password } = await import('@inquirer/password');
  // No mask: nothing is echoed, not even its length.
  return password({ message: 'Password:' }, { output: process.stderr });
}

interface LoginOptions {
  username?: string;
  passwordStdin?: boolean;
  insecureStorage?: boolean;
  sso?: boolean;
  browser?: boolean;
}

type TokenAnswerOf = z.infer<typeof tokenAnswer>;

/** Keeps a new session's tokens where the profile says, and only there. */
async function keepSession(
  { ctx, printer }: Run,
  options: LoginOptions,
  answer: TokenAnswerOf,
): Promise<void> {
  const store = options.insecureStorage ? insecureFileStore : keyringStore;
  await store.write(ctx.profile, sessionFrom(answer, ctx.address.url, answer.user.username), ctx.env);
  // The other place must not keep an older session of this profile.
  if (options.insecureStorage) await keyringStore.remove(ctx.profile, ctx.env).catch(() => false);
  else await insecureFileStore.remove(ctx.profile, ctx.env);
  updateProfile(
    ctx.profile,
    (settings) => ({
      ...settings,
      username: answer.user.username,
      insecureStorage: options.insecureStorage ? true : undefined,
      apiUrl: ctx.address.source === '--api-url' ? ctx.address.url : settings.apiUrl,
    }),
    ctx.configPath,
  );
  const where = options.insecureStorage
    ? printer.errColors.yellow(`a PLAINTEXT file, ${insecureFileStore.path(ctx.env)} (--insecure-storage)`)
    : 'the OS keyring';
  printer.note(
    `Logged in to ${ctx.address.url} as ${answer.user.username} (profile "${ctx.profile}"); tokens kept in ${where}.`,
  );
}

export function authCommands(program: Command): void {
  examples(
    program
      .command('login')
      .description('Log in and keep the session tokens in the OS keyring')
      .option('-u, --username <name>', 'who logs in (asked for when missing)')
      .option('--password-stdin', 'read the password from standard input instead of prompting')
      .option(
        '--insecure-storage',
        'keep the tokens in a plaintext file (0600) instead of the OS keyring; auth status flags it',
      )
      .option('--sso', "sign in through the server's single sign-on, in a browser")
      .option('--no-browser', 'with --sso: only print the sign-in address, do not open a browser')
      .action(
        action(async (scope, options: LoginOptions) => {
          const { ctx, printer } = scope;
          const store = options.insecureStorage ? insecureFileStore : keyringStore;
          // Refuse before the password is typed, not after a session exists on the server.
          await store.read(ctx.profile, ctx.env);
          if (options.sso) {
            if (options.username || options.passwordStdin) {
              throw new CliError(
                ExitCode.usage,
                '--sso signs in at the identity provider: drop --username and --password-stdin.',
              );
            }
            const answer = await ssoBrowserLogin(anonymousClient(ctx), {
              openBrowser: options.browser !== false,
              note: (message) => printer.note(message),
            });
            await keepSession(scope, options, answer);
            return;
          }
          const interactive = process.stdin.isTTY === true;
          if (options.passwordStdin && !options.username) {
            throw new CliError(ExitCode.usage, '--password-stdin needs --username.');
          }
          if (!options.passwordStdin && !interactive) {
            throw new CliError(
              ExitCode.usage,
              'No terminal to ask the password on: pass it on standard input with --password-stdin.',
            );
          }
          const username = options.username ?? (await askUsername());
          if (!username) throw new CliError(ExitCode.usage, 'A username is required.');
          const password = options.passwordStdin ? await readStdin() : await askPassword();
          if (!password) throw new CliError(ExitCode.usage, 'The password is empty.');
          const answer = read(
            tokenAnswer,
            await anonymousClient(ctx).request('POST', '/api/v1/auth/login', {
              body: { username, password },
              authenticated: false,
            }),
            'login',
          );
          await keepSession(scope, options, answer);
        }),
      ),
    'oncall login -u alice',
    'oncall login --sso',
    'printf %s "$PASSWORD" | oncall login -u ci-bot --password-stdin --profile staging --api-url https://oncall.staging.example',
  );

  examples(
    program
      .command('logout')
      .description('End the session on the server and remove its tokens')
      .action(
        action(async ({ ctx, printer }) => {
          const store = sessionStoreFor(ctx.settings);
          const stored = await store.read(ctx.profile, ctx.env);
          if (!stored) {
            printer.note(`Not logged in (profile "${ctx.profile}"): nothing to do.`);
            return;
          }
          let serverError: CliError | undefined;
          try {
            await loggedInClient(ctx).request('POST', '/api/v1/auth/logout');
          } catch (error) {
            // A session the server already ended is what logout wants; anything else is reported.
            if (!(error instanceof CliError)) throw error;
            if (error.exitCode !== ExitCode.auth) serverError = error;
          }
          await store.remove(ctx.profile, ctx.env);
          updateProfile(ctx.profile, ({ insecureStorage: _, ...rest }) => rest, ctx.configPath);
          if (serverError) {
            throw new CliError(
              serverError.exitCode,
              `Tokens removed here, but the server did not confirm the session's end: ${serverError.message}`,
            );
          }
          printer.note(`Logged out ${stored.username} from ${stored.apiUrl} (profile "${ctx.profile}").`);
        }),
      ),
    'oncall logout',
    'oncall logout --profile staging',
  );

  examples(
    program
      .command('whoami')
      .description('Show who the session belongs to, as the server sees it')
      .action(
        action(async ({ ctx, printer }) => {
          const user = read(
            userAnswer,
            await loggedInClient(ctx).request('GET', '/api/v1/auth/me'),
            'whoami',
          );
          printer.record(
            user,
            [
              ['username', user.username],
              ['name', user.name],
              ['role', user.role],
              ['server', ctx.address.url],
              ['profile', ctx.profile],
            ],
            user.id,
          );
        }),
      ),
    'oncall whoami',
    'oncall whoami -o json | jq -r .role',
  );

  const auth = program.command('auth').description('Sessions: where the tokens are and whether they work');
  examples(
    auth
      .command('status')
      .description("Show the profile's server, where its tokens are kept, and check the session")
      .action(
        action(async ({ ctx, printer }) => {
          const insecure = ctx.settings.insecureStorage === true;
          const store = sessionStoreFor(ctx.settings);
          const stored = await store.read(ctx.profile, ctx.env);
          const storage = insecure
            ? printer.colors.red(
                `PLAINTEXT FILE ${insecureFileStore.path(ctx.env)} (--insecure-storage); log in again without it to use the keyring`,
              )
            : 'OS keyring';
          let session: string;
          let user: string | undefined;
          let failure: CliError | undefined;
          if (!stored) {
            session = printer.colors.red('not logged in');
          } else {
            try {
              const me = read(userAnswer, await loggedInClient(ctx).request('GET', '/api/v1/auth/me'), 'me');
              user = `${me.username} (${me.role})`;
              session = printer.colors.green('valid');
            } catch (error) {
              if (!(error instanceof CliError)) throw error;
              failure = error;
              session = printer.colors.red(
                error.exitCode === ExitCode.auth ? `ended; ${LOG_IN_AGAIN}` : 'unknown',
              );
            }
          }
          const document = {
            profile: ctx.profile,
            server: ctx.address.url,
            serverSource: ctx.address.source,
            zone: ctx.zone ?? null,
            storage: insecure ? 'insecure-file' : 'keyring',
            loggedIn: stored !== undefined && failure === undefined,
            username: stored?.username ?? null,
          };
          printer.record(
            document,
            [
              ['profile', ctx.profile],
              ['server', `${ctx.address.url} (from ${ctx.address.source})`],
              ['zone', ctx.zone ?? '(none: the main)'],
              ['storage', storage],
              ['user', user ?? stored?.username ?? '-'],
              ['session', session],
            ],
            ctx.profile,
          );
          if (insecure) {
            printer.note(
              printer.errColors.yellow(
                'warning: this profile keeps its tokens in a plaintext file (--insecure-storage).',
              ),
            );
          }
          if (failure) throw failure;
          if (!stored) throw new CliError(ExitCode.auth, `Not logged in (profile "${ctx.profile}").`);
        }),
      ),
    'oncall auth status',
    'oncall auth status --profile staging -o json',
  );
}
