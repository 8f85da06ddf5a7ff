import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as z from 'zod/mini';
import { insecureCredentialsPath } from '../settings/config-paths';
import { type StoredSession, storedSessionSchema } from './stored-session';

const fileSchema = z.record(z.string(), storedSessionSchema);

function readAll(path: string): Record<string, StoredSession> {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function writeAll(path: string, sessions: Record<string, StoredSession>): void {
  if (Object.keys(sessions).length === 0) {
    rmSync(path, { force: true });
    return;
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(sessions, null, 2)}\n`, { mode: 0o600 });
  // writeFileSync keeps an existing file's mode: make sure it is the owner's alone.
  chmodSync(path, 0o600);
}

/** Plaintext tokens, only for profiles logged in with `--insecure-storage`. */
export const insecureFileStore = {
  kind: 'file' as const,
  path: (env: NodeJS.ProcessEnv) => insecureCredentialsPath(env),
  async read(profile: string, env: NodeJS.ProcessEnv): Promise<StoredSession | undefined> {
    return readAll(insecureCredentialsPath(env))[profile];
  },
  async write(profile: string, session: StoredSession, env: NodeJS.ProcessEnv): Promise<void> {
    const path = insecureCredentialsPath(env);
    writeAll(path, { ...readAll(path), [profile]: session });
  },
  async remove(profile: string, env: NodeJS.ProcessEnv): Promise<boolean> {
    const path = insecureCredentialsPath(env);
    const { [profile]: removed, ...rest } = readAll(path);
    writeAll(path, rest);
    return removed !== undefined;
  },
};
