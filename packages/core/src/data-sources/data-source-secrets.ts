import type { SecretBox } from '../crypto/secret-box';
import { openJson, sealJson } from '../provider-configs/sealed-json';

/** The connection secrets of a data source, sealed together in `sealedSecrets`. */
export interface DataSourceSecrets {
  apiToken?: string;
  password?: string;
}

export function openSecrets(box: SecretBox, sealed: string | null): DataSourceSecrets {
  const { apiToken, password } = openJson(box, sealed);
  return { ...(apiToken ? { apiToken } : {}), ...(password ? { password } : {}) };
}

/** Nothing to hide stores no ciphertext, so "has a secret" is visible without opening it. */
export function sealSecrets(box: SecretBox, secrets: DataSourceSecrets): string | null {
  const present = Object.fromEntries(
    Object.entries(secrets).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return Object.keys(present).length > 0 ? sealJson(box, present) : null;
}
