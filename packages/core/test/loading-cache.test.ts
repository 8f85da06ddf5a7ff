import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  describe('kept warm', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /** A loader whose answers are the versions of one record, changed by the test as the source would be. */
    const versioned = () => {
      const state = { version: 1, calls: 0, fail: false, gone: false };
      return {
        state,
        load: async (_key: string) => {
          state.calls += 1;
          if (state.fail) throw new Error('database down');
          return state.gone ? null : `v${state.version}`;
        },
      };
    };
    const warmCache = (source: ReturnType<typeof versioned>) =>
      createLoadingCache({ load: source.load, ttlMs: 1_000, now: () => Date.now(), keepWarmMs: 10_000 });

    it('answers a key asked every 2 s from memory, never older than the time to live', async () => {
      const source = versioned();
      const cached = warmCache(source);
      expect(await cached('rule')).toBe('v1');
      for (let round = 2; round <= 5; round++) {
        source.state.version = round;
        await vi.advanceTimersByTimeAsync(2_000);
        // Asked after its time to live: the reload ahead already holds what the source said since.
        const calls = source.state.calls;
        expect(await cached('rule')).toBe(`v${round}`);
        expect(source.state.calls).toBe(calls);
      }
    });

    it('shows a change within the time to live, however it is asked', async () => {
      const source = versioned();
      const cached = warmCache(source);
      await cached('rule');
      await vi.advanceTimersByTimeAsync(300);
      source.state.version = 2;
      // The value loaded at 0 is kept until 1,000 at most; a reload started after the change holds it.
      await vi.advanceTimersByTimeAsync(700);
      expect(await cached('rule')).toBe('v2');
    });

    it('stops reloading a key not asked for the warm time, and loads it on the next ask', async () => {
      const source = versioned();
      const cached = warmCache(source);
      await cached('rule');
      await vi.advanceTimersByTimeAsync(15_000);
      const reloads = source.state.calls;
      await vi.advanceTimersByTimeAsync(15_000);
      expect(source.state.calls).toBe(reloads);
      expect(reloads).toBeLessThanOrEqual(1 + 2 * 11);
      source.state.version = 7;
      expect(await cached('rule')).toBe('v7');
      expect(source.state.calls).toBe(reloads + 1);
    });

    it('keeps at most maxWarm keys warm, the ones asked last', async () => {
      const loads: string[] = [];
      const cached = createLoadingCache({
        load: async (key: string) => {
          loads.push(key);
          return key;
        },
        ttlMs: 1_000,
        now: () => Date.now(),
        keepWarmMs: 10_000,
        maxWarm: 2,
      });
      for (const key of ['a', 'b', 'c']) await cached(key);
      loads.length = 0;
      await vi.advanceTimersByTimeAsync(3_000);
      expect(new Set(loads)).toEqual(new Set(['b', 'c']));
    });

    it('keeps the value in hand when a reload fails, until it expires', async () => {
      const source = versioned();
      const cached = warmCache(source);
      await cached('rule');
      source.state.fail = true;
      await vi.advanceTimersByTimeAsync(900);
      expect(await cached('rule')).toBe('v1');
      await vi.advanceTimersByTimeAsync(100);
      await expect(cached('rule')).rejects.toThrow('database down');
    });

    it('drops a key whose reload finds nothing: a deleted rule is not answered from memory', async () => {
      const source = versioned();
      const cached = warmCache(source);
      await cached('rule');
      source.state.gone = true;
      await vi.advanceTimersByTimeAsync(600);
      const calls = source.state.calls;
      expect(await cached('rule')).toBeNull();
      expect(source.state.calls).toBe(calls + 1);
    });
  });
});
