import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const devSecretsSchema = z.object({ encryptionKey: z.string(), jwtSecret: z.string() });
export type DevSecrets = z.infer<typeof devSecretsSchema>;

/**
 * Outside production a newcomer should not have to invent keys, but restarting must not
 * invalidate sessions or make stored secrets unreadable, so generated keys are kept on disk.
 */
export function loadOrCreateDevSecrets(dataDir: string): DevSecrets {
  const file = join(dataDir, 'dev-secrets.json');
  try {
    return devSecretsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    if (!isMissingFile(error)) throw error;
  }
  const secrets: DevSecrets = {
    encryptionKey: randomBytes(32).toString('base64'),
    jwtSecret: randomBytes(48).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
