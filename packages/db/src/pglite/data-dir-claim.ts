import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The file beside an embedded data directory naming the process that has it open (`data` →
 * `data.pid`): beside, because PGlite creates its database only in an empty directory.
 */
export function claimFileOf(dataDir: string): string {
  return `${resolve(dataDir)}.pid`;
}

/** Raised when another live process has the embedded data directory open. */
export class DataDirInUse extends Error {
  readonly code = 'data_dir_in_use';

  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is open in process ${pid}. Two processes on one embedded ` +
        'database damage it: stop that one first, or set DATABASE_URL to share a PostgreSQL server.',
    );
    this.name = 'DataDirInUse';
  }
}

/** A claim on an embedded data directory, given back when the database closes. */
export interface DataDirClaim {
  release(): void;
}

/**
 * Claims `dataDir` for this process: PGlite has no lock of its own, and a second server opening
 * the same files (a second `npm start`, a restart before the old process died) corrupts them. A
 * claim left by a process that is gone (killed, crashed) is taken over; so is one naming a live
 * process that is not Node (its id was reused after a reboot).
 */
export function claimDataDir(dataDir: string): DataDirClaim {
  const file = claimFileOf(dataDir);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return { release: () => releaseIfOurs(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const holder = Number.parseInt(readQuietly(file), 10);
    if (Number.isInteger(holder) && holder > 0 && isLiveNode(holder)) throw new DataDirInUse(dataDir, holder);
    unlinkQuietly(file);
  }
}

function isLiveNode(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it lives, under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    // No /proc (not Linux): the signal check alone decides.
    return true;
  }
}

function releaseIfOurs(file: string): void {
  if (readQuietly(file) === String(process.pid)) unlinkQuietly(file);
}

function readQuietly(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
