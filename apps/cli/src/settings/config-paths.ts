import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'oncall';

/** `$XDG_CONFIG_HOME/oncall`, else `~/.config/oncall` (the XDG default). */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME?.trim();
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const base = xdg?.startsWith('/') ? xdg : join(homedir(), '.config');
  return join(base, APP_NAME);
}

export const configFilePath = (env?: NodeJS.ProcessEnv) => join(configDir(env), 'config.json');

/** Where `--insecure-storage` keeps tokens: only ever written when the user asked for it. */
export const insecureCredentialsPath = (env?: NodeJS.ProcessEnv) =>
  join(configDir(env), 'insecure-credentials.json');
