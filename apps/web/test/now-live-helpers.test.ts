import { describe, expect, it } from 'vitest';
import { countdownText } from '../src/now/countdown';
import { nextShown } from '../src/now/stable-list';

describe('countdownText', () => {
  it('reads minutes and seconds, hours above an hour, and now once due', () => {
    expect(countdownText(245_000)).toBe('4:05');
    expect(countdownText(1_500)).toBe('0:02');
    expect(countdownText(3_723_000)).toBe('1:02:03');
    expect(countdownText(0)).toBe('now');
    expect(countdownText(-10)).toBe('now');
  });
});

describe('nextShown', () => {
  const ids = (list: { id: string; v: number }[]) => list.map((x) => x.id);
  const a = [
    { id: 'a', v: 1 },
    { id: 'b', v: 1 },
  ];
  it('shows the latest data when the user is not at the list', () => {
    const latest = [{ id: 'new', v: 1 }, ...a];
    expect(nextShown(a, latest, false, ids)).toEqual({ shown: latest, pending: false });
  });
  it('holds back data that would move a card while the user is at the list', () => {
    const inserted = [{ id: 'new', v: 1 }, ...a];
    expect(nextShown(a, inserted, true, ids)).toEqual({ shown: a, pending: true });
    const removed = [{ id: 'b', v: 1 }];
    expect(nextShown(a, removed, true, ids)).toEqual({ shown: a, pending: true });
  });
  it('applies changes in place (an acknowledgement, a page delivered) even while held', () => {
    const changed = [
      { id: 'a', v: 2 },
      { id: 'b', v: 1 },
    ];
    expect(nextShown(a, changed, true, ids)).toEqual({ shown: changed, pending: false });
  });
  it('shows the first data at once', () => {
    expect(nextShown(undefined, a, true, ids)).toEqual({ shown: a, pending: false });
  });
});
