import type { SecretBox } from '../crypto/secret-box';

/**
 * Secret fields of a record (a provider config's API token or SMTP password) are stored together as
 * one sealed JSON document; whoever writes them and whoever sends with them use this pair.
 */
export function sealJson(box: SecretBox, secrets: Record<string, string>): string {
  return box.encrypt(JSON.stringify(secrets));
}

export function openJson(box: SecretBox, sealed: string | null | undefined): Record<string, string> {
  if (!sealed) return {};
  const parsed: unknown = JSON.parse(box.decrypt(sealed));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
