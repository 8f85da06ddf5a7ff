import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRepeatingPass } from '../src/background/repeating-pass';

describe('retention schedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks after the first delay, then every interval, and keeps going after a failure', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const schedule = startRepeatingPass({
      run: async () => {
        runs += 1;
        if (runs === 2) throw new Error('database away');
      },
      everyMs: 3_600_000,
      firstAfterMs: 60_000,
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runs).toBe(3);
    await schedule.stop();
    await vi.advanceTimersByTimeAsync(10 * 3_600_000);
    expect(runs).toBe(3);
  });

  it('waits for a run in flight when stopped, and starts no other', async () => {
    let finish: () => void = () => undefined;
    let runs = 0;
    const schedule = startRepeatingPass({
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      everyMs: 1_000,
      firstAfterMs: 1_000,
      onError: () => undefined,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    let stopped = false;
    const stopping = schedule.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(1);
  });
});
