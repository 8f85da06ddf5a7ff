import { DeadlockException, ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { isDeadlock } from '../src/persistence/deadlock';

describe('isDeadlock', () => {
  const driverError = (code: string) => Object.assign(new Error('from the driver'), { code });

  it('recognises a deadlock victim and a serialization failure, converted or raw', () => {
    expect(isDeadlock(new DeadlockException(driverError('40P01')))).toBe(true);
    expect(isDeadlock(driverError('40P01'))).toBe(true);
    expect(isDeadlock(driverError('40001'))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(isDeadlock(new ForeignKeyConstraintViolationException(driverError('23503')))).toBe(false);
    expect(isDeadlock(driverError('23505'))).toBe(false);
    expect(isDeadlock(new Error('no code'))).toBe(false);
    expect(isDeadlock(null)).toBe(false);
    expect(isDeadlock('40P01')).toBe(false);
  });
});
