import type { Command } from 'commander';
import { CliError } from './errors/cli-error';
import { ExitCode } from './errors/exit-codes';
import { type ApiAddress, resolveApiAddress } from './settings/api-address';
import { type ProfileSettings, readConfigFile } from './settings/config-file';
import { configFilePath } from './settings/config-paths';

export const OUTPUT_FORMATS = ['table', 'json', 'yaml', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const PROFILE_ENV = 'ONCALL_PROFILE';
export const ZONE_ENV = 'ONCALL_ZONE';

export interface GlobalOptions {
  apiUrl?: string;
  profile?: string;
  zone?: string;
  output?: string;
  quiet?: boolean;
  color?: boolean;
}

/** Everything a command needs from the global flags, the environment and the config file. */
export interface CliContext {
  profile: string;
  settings: ProfileSettings;
  address: ApiAddress;
  zone: string | undefined;
  output: OutputFormat;
  quiet: boolean;
  env: NodeJS.ProcessEnv;
  configPath: string;
}

export function contextOf(command: Command, env: NodeJS.ProcessEnv = process.env): CliContext {
  const options = command.optsWithGlobals<GlobalOptions>();
  const profile = options.profile?.trim() || env[PROFILE_ENV]?.trim() || 'default';
  const configPath = configFilePath(env);
  const settings = readConfigFile(configPath).profiles[profile] ?? {};
  const output = options.output ?? settings.output ?? 'table';
  if (!(OUTPUT_FORMATS as readonly string[]).includes(output)) {
    throw new CliError(ExitCode.usage, `-o must be one of ${OUTPUT_FORMATS.join(', ')}; got "${output}".`);
  }
  return {
    profile,
    settings,
    address: resolveApiAddress(options.apiUrl, env, settings),
    zone: options.zone?.trim() || env[ZONE_ENV]?.trim() || settings.zone || undefined,
    output: output as OutputFormat,
    quiet: options.quiet === true,
    env,
    configPath,
  };
}
