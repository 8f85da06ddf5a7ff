import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { claimDataDir } from '../pglite/data-dir-claim';

export class BackupError extends Error {
  readonly code = 'backup_failed';
}

/**
 * PostgreSQL: `pg_dump` in its custom format (one consistent snapshot, taken while the server runs).
 * The password, when the URL has one, goes to the tool through its environment, never its arguments.
 */
export async function backupPostgres(url: string, file: string): Promise<void> {
  // Made here first: an existing file is refused, and the dump is readable by its owner only.
  await writeFile(file, '', { flag: 'wx', mode: 0o600 });
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], url);
}

/**
 * Restores a `backupPostgres` file into the database of `url`, replacing the objects it holds, in
 * one transaction: a failed restore leaves the database as it was.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      file,
    ],
    url,
  );
}

/**
 * The embedded database: a gzipped tarball of its data directory from PGlite's own dump. The
 * directory is claimed first, so a server still running on it makes this fail rather than copy
 * files being written.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<void> {
  if (!existsSync(dataDir)) throw new BackupError(`There is no embedded database in ${dataDir}.`);
  const claim = claimDataDir(dataDir);
  try {
    const pglite = new PGlite({ dataDir, extensions: { pg_trgm } });
    try {
      await pglite.waitReady;
      const dump = await pglite.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await dump.arrayBuffer()), { flag: 'wx', mode: 0o600 });
    } finally {
      await pglite.close();
    }
  } finally {
    claim.release();
  }
}

/** Unpacks a `backupDataDir` file into `dataDir`, which must be missing or empty. */
export async function restoreDataDir(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `${dataDir} is not empty: restore into an empty directory (move the old one aside).`,
    );
  }
  const claim = claimDataDir(dataDir);
  try {
    const loadDataDir = new Blob([await readFile(file)]);
    const pglite = new PGlite({ dataDir, loadDataDir, extensions: { pg_trgm } });
    try {
      await pglite.waitReady;
      await pglite.query('select 1');
    } finally {
      await pglite.close();
    }
  } finally {
    claim.release();
  }
}

/** Runs a PostgreSQL client tool against `url`; connection settings go through libpq's environment. */
function run(tool: string, args: string[], url: string): Promise<void> {
  const target = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(target.hostname),
    PGPORT: target.port || '5432',
    PGDATABASE: decodeURIComponent(target.pathname.replace(/^\//, '')),
    ...(target.username && { PGUSER: decodeURIComponent(target.username) }),
    ...(target.password && { PGPASSWORD: decodeURIComponent(target.password) }),
  };
  for (const [key, value] of target.searchParams) {
    if (key === 'sslmode') env.PGSSLMODE = value;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, '--dbname', env.PGDATABASE ?? ''], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${tool} is not installed: install the PostgreSQL client tools (Debian: postgresql-client).`
            : `${tool} could not start: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}
