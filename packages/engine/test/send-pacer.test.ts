import { describe, expect, it } from 'vitest';
import { type PaceLimit, SendPacer } from '../src/adapters/send-pacer';

const chat = (key: string): PaceLimit => ({ per: 'chat', key: `chat:${key}`, count: 1, windowMs: 1_000 });
const group: PaceLimit = { per: 'group', key: 'group:g', count: 3, windowMs: 60_000 };

function pacerAt(start = 0, holdMs = 1_000) {
  let now = start;
  const pacer = new SendPacer(() => now, holdMs);
  return { pacer, advance: (ms: number) => (now += ms) };
}

describe('SendPacer', () => {
  it('sends to one chat one a second, in the order asked, waiting in place up to the hold', () => {
    const { pacer } = pacerAt();
    expect(pacer.reserve('a', [chat('1')])).toEqual({ granted: true, waitMs: 0 });
    expect(pacer.reserve('b', [chat('1')])).toEqual({ granted: true, waitMs: 1_000 });
    expect(pacer.reserve('c', [chat('1')])).toEqual({ granted: false, waitMs: 2_000, per: 'chat' });
    // Another chat is not held by the first one's queue.
    expect(pacer.reserve('d', [chat('2')])).toEqual({ granted: true, waitMs: 0 });
  });

  it('keeps a deferred send its place, so sends asking later queue behind it', () => {
    const { pacer, advance } = pacerAt();
    pacer.reserve('a', [chat('1')]);
    pacer.reserve('b', [chat('1')]);
    expect(pacer.reserve('c', [chat('1')])).toMatchObject({ granted: false, waitMs: 2_000 });
    expect(pacer.reserve('d', [chat('1')])).toMatchObject({ granted: false, waitMs: 3_000 });
    advance(2_000);
    // c comes back and takes its place at once, without a new one after d's.
    expect(pacer.reserve('c', [chat('1')])).toEqual({ granted: true, waitMs: 0 });
    advance(1_000);
    expect(pacer.reserve('d', [chat('1')])).toEqual({ granted: true, waitMs: 0 });
    expect(pacer.reserve('e', [chat('1')])).toEqual({ granted: true, waitMs: 1_000 });
  });

  it('counts a window of several sends: the fourth to a group of three a minute waits for the first to age out', () => {
    const { pacer, advance } = pacerAt(0, 100_000);
    expect(pacer.reserve('a', [group]).waitMs).toBe(0);
    advance(10);
    expect(pacer.reserve('b', [group]).waitMs).toBe(0);
    expect(pacer.reserve('c', [group]).waitMs).toBe(0);
    expect(pacer.reserve('d', [group]).waitMs).toBe(59_990);
  });

  it('takes the latest of all its limits', () => {
    const { pacer } = pacerAt(0, 100_000);
    pacer.reserve('a', [chat('1'), group]);
    pacer.reserve('b', [chat('2'), group]);
    pacer.reserve('c', [chat('3'), group]);
    expect(pacer.reserve('d', [chat('4'), group])).toEqual({ granted: true, waitMs: 60_000 });
  });

  it("holds every send of a key until a vendor's 429 has run out, a kept place included", () => {
    const { pacer, advance } = pacerAt();
    pacer.reserve('a', [chat('1')]);
    pacer.reserve('b', [chat('1')]);
    pacer.reserve('c', [chat('1')]);
    pacer.block([chat('1')], 5_000);
    expect(pacer.reserve('c', [chat('1')])).toMatchObject({ granted: false, waitMs: 5_000 });
    advance(5_000);
    expect(pacer.reserve('c', [chat('1')])).toEqual({ granted: true, waitMs: 0 });
    expect(pacer.reserve('x', [chat('2')])).toEqual({ granted: true, waitMs: 0 });
  });

  it('paces nothing without limits', () => {
    const { pacer } = pacerAt();
    for (const key of ['a', 'b', 'c']) expect(pacer.reserve(key, [])).toEqual({ granted: true, waitMs: 0 });
  });
});
