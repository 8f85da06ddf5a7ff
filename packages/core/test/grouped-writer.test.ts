import { describe, expect, it } from 'vitest';
import { createGroupedWriter } from '../src/delivery/grouped-writer';

/** A writer whose writes finish only when the test says so. */
function heldWriter() {
  const groups: number[][] = [];
  const releases: Array<(error?: Error) => void> = [];
  const write = (rows: readonly number[]) =>
    new Promise<void>((resolve, reject) => {
      groups.push([...rows]);
      releases.push((error) => (error ? reject(error) : resolve()));
    });
  return { groups, releases, write };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('grouped writer', () => {
  it('writes a lone row at once and groups the rows that queue behind a write in flight', async () => {
    const writer = heldWriter();
    const append = createGroupedWriter(writer.write, 10);
    const first = append(1);
    const queued = [append(2), append(3), append(4)];
    await settled();
    expect(writer.groups).toEqual([[1]]);

    writer.releases[0]?.();
    await first;
    await settled();
    expect(writer.groups).toEqual([[1], [2, 3, 4]]);
    writer.releases[1]?.();
    await Promise.all(queued);
  });

  it('splits a group larger than the limit', async () => {
    const writer = heldWriter();
    const append = createGroupedWriter(writer.write, 2);
    const all = [append(1), append(2), append(3), append(4)];
    for (let i = 0; i < 3; i++) {
      await settled();
      writer.releases[i]?.();
    }
    await Promise.all(all);
    expect(writer.groups).toEqual([[1], [2, 3], [4]]);
  });

  it('fails only the callers of the group whose write failed, and keeps writing', async () => {
    const writer = heldWriter();
    const append = createGroupedWriter(writer.write, 10);
    const first = append(1);
    const second = append(2);
    await settled();
    writer.releases[0]?.(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settled();
    writer.releases[1]?.();
    await expect(second).resolves.toBeUndefined();
    const third = append(3);
    await settled();
    writer.releases[2]?.();
    await expect(third).resolves.toBeUndefined();
    expect(writer.groups).toEqual([[1], [2], [3]]);
  });
});
