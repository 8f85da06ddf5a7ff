import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/oncall.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliHome {
  /** The environment of a user of its own: config directory, keyring service, server address. */
  env: Record<string, string>;
  configDir: string;
}

let homes = 0;
const services: string[] = [];

/** A fresh user: an empty XDG config directory and a keyring service name no other test uses. */
export function cliHome(apiUrl: string): CliHome {
  const configHome = mkdtempSync(join(tmpdir(), 'oncall-cli-home-'));
  homes += 1;
  const service = `oncall-cli-test-${process.pid}-${homes}`;
  services.push(service);
  return {
    configDir: join(configHome, 'oncall'),
    env: {
      XDG_CONFIG_HOME: configHome,
      ONCALL_API_URL: apiUrl,
      ONCALL_KEYRING_SERVICE: service,
      NO_COLOR: '1',
    },
  };
}

/** The keyring services of the homes made so far (test/support/forget-sessions.ts removes their entries). */
export const testKeyringServices = (): readonly string[] => services;

export interface RunOptions {
  input?: string;
  /** Run in a session keyring nobody may use: what a machine without a keyring looks like. */
  noKeyring?: boolean;
  /** Sees standard error as it comes (a test acting on what the CLI prints before it ends). */
  onStderr?: (text: string) => void;
}

/** The built CLI as a user runs it, in its own process. */
export function runCli(home: CliHome, args: string[], options: RunOptions = {}): Promise<CliResult> {
  const { ONCALL_API_URL, ONCALL_PROFILE, ONCALL_ZONE, NO_COLOR, FORCE_COLOR, XDG_CONFIG_HOME, ...base } =
    process.env;
  const env = { ...base, ...home.env };
  const [command, argv] = options.noKeyring
    ? [
        'keyctl',
        [
          'session',
          '-',
          'sh',
          '-c',
          'keyctl setperm @s 0 >/dev/null && exec "$@"',
          'sh',
          process.execPath,
          CLI,
          ...args,
        ],
      ]
    : [process.execPath, [CLI, ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv as string[], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      options.onStderr?.(stderr);
    });
    child.once('error', reject);
    child.once('close', (code) =>
      resolve({ code, stdout, stderr: stderr.replace(/^Joined session keyring: \d+\n/m, '') }),
    );
    child.stdin.end(options.input ?? '');
  });
}
