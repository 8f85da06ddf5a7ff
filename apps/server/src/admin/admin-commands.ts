import type { AppConfig } from '@oncall/config';
import { SecretBox } from '@oncall/core';
import {
  backupDataDir,
  backupPostgres,
  checkSealedValues,
  exportTables,
  importTables,
  migrate,
  openDatabase,
  restoreDataDir,
  restorePostgres,
  rotateEncryptionKey,
} from '@oncall/db';

/** A mistake in how a command was called: its message is printed with the usage. */
export class AdminUsageError extends Error {
  readonly code = 'admin_usage';
}

export const ADMIN_USAGE = `usage: npm run admin -- <command>
  rotate-key            re-encrypt every stored secret: old key ENCRYPTION_KEY (or --old-key-env NAME),
                        new key NEW_ENCRYPTION_KEY (or --new-key-env NAME)
  backup <file>         PostgreSQL: pg_dump (custom format); embedded: a tarball of the data directory
  restore <file>        the reverse of backup (embedded: DATA_DIR's database must not exist yet)
  export <file>         every table as JSON lines (to move the embedded database to PostgreSQL)
  import <file>         load an export into an empty database (migrated first)`;

export interface AdminInput {
  config: AppConfig;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  print(line: string): void;
}

/** Runs one admin command against the configured database. Never prints a secret. */
export async function runAdminCommand({ config, args, env, print }: AdminInput): Promise<void> {
  const [command, ...rest] = args;
  switch (command) {
    case 'rotate-key':
      return rotateKey(config, rest, env, print);
    case 'backup':
    case 'restore': {
      const file = fileArgument(command, rest);
      const { database } = config;
      if (command === 'backup') {
        if (database.kind === 'postgres') await backupPostgres(database.url, file);
        else await backupDataDir(database.dataDir, file);
        print(`Backed up the ${describe(config)} to ${file}.`);
      } else {
        if (database.kind === 'postgres') await restorePostgres(database.url, file);
        else await restoreDataDir(file, database.dataDir);
        print(`Restored ${file} into the ${describe(config)}.`);
      }
      return;
    }
    case 'export':
    case 'import': {
      const file = fileArgument(command, rest);
      const db = await openDatabase(config.database, { secretBox: new SecretBox(config.encryptionKey) });
      try {
        if (command === 'import') await migrate(db.orm);
        const counts =
          command === 'export' ? await exportTables(db.orm, file) : await importTables(db.orm, file);
        const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
        const verb = command === 'export' ? 'Exported' : 'Imported';
        print(`${verb} ${rows} rows of ${Object.keys(counts).length} tables (${describe(config)}, ${file}).`);
      } finally {
        await db.close();
      }
      return;
    }
    default:
      throw new AdminUsageError(command ? `Unknown command ${command}.` : 'No command given.');
  }
}

async function rotateKey(
  config: AppConfig,
  rest: readonly string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
): Promise<void> {
  const flag = (name: string, fallback: string) => {
    const at = rest.indexOf(name);
    return at >= 0 ? (rest[at + 1] ?? '') : fallback;
  };
  // Keys are named by the variable holding them: a key on the command line would show in `ps`.
  const from = keyFrom(env, flag('--old-key-env', 'ENCRYPTION_KEY'));
  const to = keyFrom(env, flag('--new-key-env', 'NEW_ENCRYPTION_KEY'));
  if (from.equals(to)) throw new AdminUsageError('The new key is the old key.');
  const db = await openDatabase(config.database);
  try {
    const report = await rotateEncryptionKey(db.orm, new SecretBox(from), new SecretBox(to));
    const check = await checkSealedValues(db.orm, new SecretBox(to));
    const failed = Object.entries(check.failed);
    if (failed.length > 0) {
      throw new Error(`After the rotation these values do not open under the new key: ${failed.join(', ')}.`);
    }
    const resealed = Object.values(report.resealed).reduce((sum, n) => sum + n, 0);
    print(`Re-encrypted ${resealed} values; ${check.opened} sealed values open under the new key.`);
    print(
      `Re-hashed ${report.rehashedTokens} ingestion tokens; dropped ${report.droppedRefreshTokens} refresh tokens ` +
        `(users log in again) and ${report.droppedOneTimeCodes} one-time codes.`,
    );
    print('Set ENCRYPTION_KEY to the new key before starting the server.');
  } finally {
    await db.close();
  }
}

const KEY = /^[A-Za-z0-9+/]{43}=$|^[0-9a-fA-F]{64}$/;

function keyFrom(env: NodeJS.ProcessEnv, variable: string): Buffer {
  const text = env[variable];
  if (!text) throw new AdminUsageError(`${variable || 'The key variable'} is not set.`);
  if (!KEY.test(text))
    throw new AdminUsageError(`${variable} must be 32 bytes as base64 (44 chars) or hex (64 chars).`);
  return Buffer.from(text, /^[0-9a-fA-F]{64}$/.test(text) ? 'hex' : 'base64');
}

function fileArgument(command: string, rest: readonly string[]): string {
  const [file] = rest;
  if (!file) throw new AdminUsageError(`${command} needs a file.`);
  return file;
}

function describe(config: AppConfig): string {
  return config.database.kind === 'postgres'
    ? 'PostgreSQL database'
    : `embedded database in ${config.database.dataDir}`;
}
