import { describe, expect, it } from 'vitest';
import { createLoadingCache } from '../src/caching/loading-cache';

interface ProviderTarget {
  channelId: string;
  config: Record<string, unknown>;
}

function countingLoader(results: Array<ProviderTarget | null | Error>) {
  const calls: string[] = [];
  return {
    calls,
    load: async (id: string) => {
      calls.push(id);
      const next = results.shift() ?? null;
      if (next instanceof Error) throw next;
      return next;
    },
  };
}

const target = (channelId: string): ProviderTarget => ({ channelId, config: { apiToken: channelId } });

describe('loading cache', () => {
  it('reuses a loaded config until its time is up, then reads it again', async () => {
    let now = 0;
    const loader = countingLoader([target('first'), target('second')]);
    const cached = createLoadingCache({ load: loader.load, ttlMs: 2_000, now: () => now });
    expect(await cached('p1')).toEqual(target('first'));
    now = 1_999;
    expect(await cached('p1')).toEqual(target('first'));
    now = 2_000;
    expect(await cached('p1')).toEqual(target('second'));
    expect(loader.calls).toEqual(['p1', 'p1']);
  });

  it('shares one load between concurrent sends', async () => {
    const loader = countingLoader([target('only')]);
    const cached = createLoadingCache({ load: loader.load, ttlMs: 2_000, now: () => 0 });
    const both = await Promise.all([cached('p1'), cached('p1')]);
    expect(both).toEqual([target('only'), target('only')]);
    expect(loader.calls).toEqual(['p1']);
  });

  it('keeps neither a missing config nor a failed read', async () => {
    const loader = countingLoader([null, new Error('database down'), target('created')]);
    const cached = createLoadingCache({ load: loader.load, ttlMs: 2_000, now: () => 0 });
    expect(await cached('p1')).toBeNull();
    await expect(cached('p1')).rejects.toThrow('database down');
    expect(await cached('p1')).toEqual(target('created'));
    expect(loader.calls).toEqual(['p1', 'p1', 'p1']);
  });

  it('forgets expired entries once it holds many keys', async () => {
    let now = 0;
    const loader = countingLoader(Array.from({ length: 10_010 }, (_, i) => target(`t${i}`)));
    const cached = createLoadingCache({ load: loader.load, ttlMs: 10, now: () => now });
    for (let i = 0; i <= 10_000; i++) await cached(`p${i}`);
    now = 20;
    await cached('fresh');
    // p0 expired and was swept: asking again loads it again, once.
    await cached('p0');
    await cached('p0');
    expect(loader.calls.filter((id) => id === 'p0')).toHaveLength(2);
  });

  it('reads every time when the time to live is zero', async () => {
    const loader = countingLoader([target('a'), target('b')]);
    const cached = createLoadingCache({ load: loader.load, ttlMs: 0, now: () => 0 });
    expect(await cached('p1')).toEqual(target('a'));
    expect(await cached('p1')).toEqual(target('b'));
  });
});
