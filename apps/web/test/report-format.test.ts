import { describe, expect, it } from 'vitest';
import { formatDuration, formatRate, rangeStart } from '../src/reports/report-format';

describe('report formats', () => {
  it('reads durations in the largest two units', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(200)).toBe('3 m 20 s');
    expect(formatDuration(120)).toBe('2 m');
    expect(formatDuration(7_500)).toBe('2 h 5 m');
    expect(formatDuration(100_800)).toBe('1 d 4 h');
    expect(formatDuration(null)).toBe('–');
  });
  it('reads rates as percentages', () => {
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0.8333)).toBe('83.3%');
  });
  it('starts a range on a whole minute', () => {
    expect(rangeStart('24h', Date.parse('2026-03-02T03:04:05.678Z'))).toBe('2026-03-01T03:04:00.000Z');
  });
});
