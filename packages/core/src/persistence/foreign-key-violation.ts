import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';

/**
 * Whether a statement failed on a foreign key: as MikroORM converts it from a flush, or as the driver
 * raised it from a raw statement (SQLSTATE 23503, on node-postgres and PGlite alike).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (error instanceof ForeignKeyConstraintViolationException) return true;
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23503';
}
