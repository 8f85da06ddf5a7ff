import type { Db } from 'pg-boss';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startProcessRegistry } from '../src/boss/process-registry';

/**
 * Stopping must not wait on a database that does not answer: the server's stop hung 60 s in
 * `sick-database.test.ts` whenever a heartbeat was in flight when PostgreSQL paused.
 */
describe('the process registry stopping while the database does not answer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up on the in-flight heartbeat and the removal within seconds; others take over when its heartbeat ages out', async () => {
    vi.useFakeTimers();
    let answering = true;
    const statements: string[] = [];
    const db: Db = {
      executeSql: (text: string) => {
        statements.push(text);
        return answering ? Promise.resolve({ rows: [] }) : new Promise(() => undefined);
      },
    };
    const registry = await startProcessRegistry({
      db,
      processId: '00000000-0000-4000-8000-000000000001',
      dispatch: { queue: 'dispatch', table: 'job_dispatch' },
      tables: new Map([['job_dispatch', ['dispatch']]]),
      heartbeatSeconds: 1,
      deadAfterSeconds: 5,
      sole: false,
      running: new Set(),
      onError: () => undefined,
    });
    answering = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(statements.at(-1)).toContain('insert into pgboss.oncall_engine_process');
    let stopped = false;
    const stopping = registry.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stopped).toBe(true);
    await stopping;
  });
});
