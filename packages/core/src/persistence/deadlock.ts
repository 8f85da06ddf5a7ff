import { DeadlockException } from '@mikro-orm/core';

/**
 * Whether a transaction was chosen as a deadlock's (or a serialization failure's) victim: as MikroORM
 * converts it, or as the driver raised it from a raw statement (SQLSTATE 40P01 / 40001). Such a
 * transaction was rolled back whole, so running it again is safe.
 */
export function isDeadlock(error: unknown): boolean {
  if (error instanceof DeadlockException) return true;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error.code === '40P01' || error.code === '40001')
  );
}
