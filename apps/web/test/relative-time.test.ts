import { describe, expect, it } from 'vitest';
import { relativeTime } from '../src/time/relative-time';

const now = new Date('2026-03-01T03:00:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it.each([
    [10, 'just now'],
    [50, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [59 * 60 + 59, '59 minutes ago'],
    [2 * 3600 + 600, '2 hours ago'],
    [86_400 + 5, 'yesterday'],
    [3 * 86_400, '3 days ago'],
  ])('says %i seconds ago as "%s"', (seconds, words) => {
    expect(relativeTime(before(seconds), now, 'en')).toBe(words);
  });

  it('speaks the user language', () => {
    expect(relativeTime(before(5 * 60), now, 'de')).toBe('vor 5 Minuten');
  });
});
