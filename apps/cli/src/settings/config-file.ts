import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as z from 'zod/mini';
import { CliError } from '../errors/cli-error';
import { ExitCode } from '../errors/exit-codes';
import { configFilePath } from './config-paths';

const profileSchema = z.object({
  apiUrl: z.optional(z.string()),
  zone: z.optional(z.string()),
  output: z.optional(z.enum(['table', 'json', 'yaml', 'csv'])),
  /** Set by `login --insecure-storage`, so `auth status` keeps saying where the tokens are. */
  insecureStorage: z.optional(z.boolean()),
  /** Who logged in last on this profile (not a secret; shown by `auth status` without a request). */
  username: z.optional(z.string()),
});

const configSchema = z.object({ profiles: z.record(z.string(), profileSchema) });

export type ProfileSettings = z.infer<typeof profileSchema>;
export type ConfigFile = z.infer<typeof configSchema>;

export function readConfigFile(path = configFilePath()): ConfigFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CliError(ExitCode.usage, `The config file ${path} is not valid JSON: fix or remove it.`);
  }
  const result = configSchema.safeParse(parsed);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new CliError(
      ExitCode.usage,
      `The config file ${path} is not valid at ${first?.path.join('.') || '(root)'}: ${first?.message ?? ''}`,
    );
  }
  return result.data;
}

/** Written to a temporary file and renamed, so a crash never leaves half a config. */
export function writeConfigFile(config: ConfigFile, path = configFilePath()): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}

export function updateProfile(
  profile: string,
  change: (settings: ProfileSettings) => ProfileSettings,
  path = configFilePath(),
): ProfileSettings {
  const config = readConfigFile(path);
  const next = change({ ...(config.profiles[profile] ?? {}) });
  writeConfigFile({ profiles: { ...config.profiles, [profile]: next } }, path);
  return next;
}
