import { startHeartbeatMonitor } from '@oncall/heartbeats';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The monitor's loop sleeps until the earliest due time, not a fixed tick: a miss is looked at when
 * it falls due, and an idle loop still looks again within its cap (another process's pings).
 */
describe('heartbeat monitor loop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function loop(nextDue: () => Date | null) {
    const passes: number[] = [];
    const monitor = startHeartbeatMonitor({
      runDue: async () => {
        passes.push(Date.now());
        return 0;
      },
      nextDueAt: async () => nextDue(),
      now: () => new Date(),
      maxSleepMs: 500,
      onError: (error) => {
        throw error;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    return { passes, monitor };
  }

  it('wakes at the next due time', async () => {
    const start = Date.now();
    let due: Date | null = new Date(start + 120);
    const { passes, monitor } = await loop(() => due);
    expect(passes).toEqual([start]);
    await vi.advanceTimersByTimeAsync(119);
    expect(passes).toHaveLength(1);
    due = null;
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toEqual([start, start + 120]);
    await monitor.stop();
  });

  it('runs again at once while rows are already due, and sleeps at most its cap', async () => {
    const start = Date.now();
    // Three passes find rows already due; then the next due time is a minute away.
    let calls = 0;
    const { passes, monitor } = await loop(() =>
      ++calls < 3 ? new Date(start - 1) : new Date(start + 60_000),
    );
    // A timer of 0 ms fires a millisecond on (Node's minimum).
    await vi.advanceTimersByTimeAsync(5);
    expect(passes).toEqual([start, start + 1, start + 2]);
    await vi.advanceTimersByTimeAsync(496);
    expect(passes).toEqual([start, start + 1, start + 2]);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toEqual([start, start + 1, start + 2, start + 502]);
    await monitor.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes).toHaveLength(4);
  });
});
