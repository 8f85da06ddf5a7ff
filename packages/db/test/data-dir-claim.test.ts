import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/index';
import { claimFileOf } from '../src/pglite/data-dir-claim';

/**
 * PGlite has no lock of its own: a second server opening the same data directory damaged it
 * ("RuntimeError: Aborted()" on every later open), seen when a second `npm start` ran beside the first.
 */
describe('an embedded data directory is open in one process at a time', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const parent = mkdtempSync(join(tmpdir(), 'oncall-claim-'));
    dirs.push(parent);
    return join(parent, 'data');
  };
  const nodeChild = () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    children.push(child);
    return child;
  };

  it('refuses to open a directory a live process has open, and touches nothing in it', async () => {
    const dir = dataDir();
    const holder = nodeChild();
    writeFileSync(claimFileOf(dir), String(holder.pid));
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toMatchObject({
      code: 'data_dir_in_use',
      message: expect.stringContaining(`process ${holder.pid}`),
    });
    expect(readFileSync(claimFileOf(dir), 'utf8')).toBe(String(holder.pid));
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false);
  });

  it('refuses a second open in the same process until the first is closed', async () => {
    const dir = dataDir();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toMatchObject({
      code: 'data_dir_in_use',
    });
    await first.close();
    expect(existsSync(claimFileOf(dir))).toBe(false);
    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(await again.ping()).toBe(true);
    await again.close();
  });

  it('takes over the claim of a process that is gone (killed or crashed)', async () => {
    const dir = dataDir();
    const gone = nodeChild();
    const exited = new Promise((resolve) => gone.once('exit', resolve));
    gone.kill('SIGKILL');
    await exited;
    writeFileSync(claimFileOf(dir), String(gone.pid));
    const db = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(readFileSync(claimFileOf(dir), 'utf8')).toBe(String(process.pid));
    await db.close();
  });
});
