import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from '../src/persistence/deadlock-retry';

describe('retryOnDeadlock', () => {
  const failure = (code: string) => Object.assign(new Error('from the driver'), { code });

  /** Work that fails with each of `failures` in turn, then answers how many calls it took. */
  const workFailing = (...failures: Error[]) => {
    let calls = 0;
    const work = async () => {
      const next = failures[calls++];
      if (next) throw next;
      return calls;
    };
    return { work, calls: () => calls };
  };

  it('runs the work again after a deadlock or a serialization failure', async () => {
    const { work } = workFailing(failure('40P01'), failure('40001'));
    expect(await retryOnDeadlock(work)).toBe(3);
  });

  it('gives up on the third deadlock in a row, with the deadlock', async () => {
    const third = failure('40P01');
    const { work, calls } = workFailing(failure('40P01'), failure('40P01'), third);
    await expect(retryOnDeadlock(work)).rejects.toBe(third);
    expect(calls()).toBe(3);
  });

  it('does not run the work again after any other failure', async () => {
    const other = failure('23503');
    const { work, calls } = workFailing(other);
    await expect(retryOnDeadlock(work)).rejects.toBe(other);
    expect(calls()).toBe(1);
  });
});
