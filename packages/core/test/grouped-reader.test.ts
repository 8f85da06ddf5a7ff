import { describe, expect, it } from 'vitest';
import { createGroupedReader } from '../src/persistence/grouped-reader';

/** A reader whose reads finish only when the test says so; it knows the rows of keys `a`…`e`. */
function heldReader() {
  const groups: string[][] = [];
  const releases: Array<(error?: Error) => void> = [];
  const read = (keys: readonly string[]) =>
    new Promise<ReadonlyMap<string, string>>((resolve, reject) => {
      groups.push([...keys]);
      const rows = new Map(keys.filter((key) => 'abcde'.includes(key)).map((key) => [key, `row ${key}`]));
      releases.push((error) => (error ? reject(error) : resolve(rows)));
    });
  return { groups, releases, read };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('grouped reader', () => {
  it('reads a lone key at once and the keys asked behind a read in flight together, each caller its own row', async () => {
    const reader = heldReader();
    const rowOf = createGroupedReader(reader.read, 10);
    const first = rowOf('a');
    const queued = [rowOf('b'), rowOf('c'), rowOf('b'), rowOf('zz')];
    await settled();
    expect(reader.groups).toEqual([['a']]);

    reader.releases[0]?.();
    expect(await first).toBe('row a');
    await settled();
    // A key asked twice is read once; a key without a row answers null.
    expect(reader.groups).toEqual([['a'], ['b', 'c', 'zz']]);
    reader.releases[1]?.();
    expect(await Promise.all(queued)).toEqual(['row b', 'row c', 'row b', null]);
  });

  it('fails the callers of a failed read only, and reads on afterwards', async () => {
    const reader = heldReader();
    const rowOf = createGroupedReader(reader.read, 10);
    const failing = rowOf('a');
    const next = rowOf('d');
    await settled();
    reader.releases[0]?.(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await settled();
    reader.releases[1]?.();
    expect(await next).toBe('row d');
  });

  it('splits a group larger than the limit', async () => {
    const reader = heldReader();
    const rowOf = createGroupedReader(reader.read, 2);
    const all = [rowOf('a'), rowOf('b'), rowOf('c'), rowOf('d'), rowOf('e')];
    for (let i = 0; i < 3; i++) {
      await settled();
      reader.releases[i]?.();
    }
    expect(await Promise.all(all)).toEqual(['row a', 'row b', 'row c', 'row d', 'row e']);
    expect(reader.groups).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });
});
