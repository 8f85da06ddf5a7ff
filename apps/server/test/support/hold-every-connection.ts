import type { MikroORM } from '@mikro-orm/postgresql';
import { expect, vi } from 'vitest';
import { deferred } from './deferred';

/** A pool with every connection taken: `release` lets them go, `done` settles once they have. */
export interface HeldConnections {
  release(): void;
  done: Promise<unknown>;
}

/**
 * Holds every connection of the service's pool (PGlite: its one session) in a transaction until
 * released, so the next statement waits for a connection as it would on a database that stopped
 * answering.
 */
export async function holdEveryConnection(
  orm: MikroORM,
  kind: 'postgres' | 'pglite',
  waitOptions: { timeout?: number; interval?: number } = {},
): Promise<HeldConnections> {
  const connections =
    kind === 'pglite' ? 1 : ((await orm.em.getConnection().getNativeClient()).options.max ?? 1);
  const gate = deferred();
  let held = 0;
  let released = false;
  // The service's own loops (the heartbeat monitor, scheduled checks, the engine's workers) borrow
  // connections too: a holder that loses the race for one waits its turn and tries again.
  const holdOne = async (): Promise<void> => {
    for (;;) {
      try {
        await orm.em.fork().transactional(async (tx) => {
          await tx.execute('select 1');
          held++;
          await gate.promise;
        });
        return;
      } catch (error) {
        if (released) return;
        if (!/timeout exceeded when trying to connect/.test(String(error))) throw error;
      }
    }
  };
  const done = Promise.all(Array.from({ length: connections }, holdOne));
  await vi.waitFor(() => expect(held).toBe(connections), waitOptions);
  return {
    release: () => {
      released = true;
      gate.resolve();
    },
    done,
  };
}
