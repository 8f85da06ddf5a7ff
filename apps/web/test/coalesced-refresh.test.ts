import { describe, expect, it } from 'vitest';
import { coalescedRefresh } from '../src/now/coalesced-refresh';

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('coalescedRefresh', () => {
  it('runs once per quiet change, and once more for every burst that came while it ran', async () => {
    const gates = [gate(), gate(), gate()];
    let runs = 0;
    const request = coalescedRefresh(() => {
      const current = gates[runs];
      runs += 1;
      return current?.opened ?? Promise.resolve();
    });

    request();
    expect(runs).toBe(1);
    // 50 changes while the first refresh is out: one more run, not 50.
    for (let i = 0; i < 50; i += 1) request();
    expect(runs).toBe(1);
    gates[0]?.open();
    await gates[0]?.opened;
    await Promise.resolve();
    expect(runs).toBe(2);
    gates[1]?.open();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Nothing came during the second run: it is the last.
    expect(runs).toBe(2);

    request();
    expect(runs).toBe(3);
  });

  it('keeps going after a failed refresh', async () => {
    let runs = 0;
    const request = coalescedRefresh(async () => {
      runs += 1;
      throw new Error('offline');
    });
    request();
    await new Promise((resolve) => setTimeout(resolve, 0));
    request();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toBe(2);
  });
});
