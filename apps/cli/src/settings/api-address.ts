import { CliError } from '../errors/cli-error';
import { ExitCode } from '../errors/exit-codes';
import type { ProfileSettings } from './config-file';

export const DEFAULT_API_URL = 'http://127.0.0.1:3000';
export const API_URL_ENV = 'ONCALL_API_URL';

export type AddressSource = '--api-url' | typeof API_URL_ENV | 'config file' | 'default';

export interface ApiAddress {
  /** The server's root, without a trailing slash: REST is under `/api/v1`, the live feed `/trpc`. */
  url: string;
  source: AddressSource;
}

/** `--api-url`, then `ONCALL_API_URL`, then the profile in the config file, then the default. */
export function resolveApiAddress(
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
  profile: ProfileSettings,
): ApiAddress {
  const candidates: [string | undefined, AddressSource][] = [
    [flag, '--api-url'],
    [env[API_URL_ENV], API_URL_ENV],
    [profile.apiUrl, 'config file'],
    [DEFAULT_API_URL, 'default'],
  ];
  for (const [value, source] of candidates) {
    if (value?.trim()) return { url: normalizeApiUrl(value, source), source };
  }
  return { url: DEFAULT_API_URL, source: 'default' };
}

export function normalizeApiUrl(value: string, source: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value.trim());
  } catch {
    throw new CliError(ExitCode.usage, `The API address from ${source} is not a URL: ${value}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new CliError(ExitCode.usage, `The API address from ${source} must start with http:// or https://.`);
  }
  // Users paste the REST root too: the client adds /api/v1 itself.
  const path = parsed.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${parsed.origin}${path}`;
}
