import { describe, expect, it } from 'vitest';
import { evaluationOptionsSchema, evaluationTiming, parseDuration } from '../../src';

describe('evaluation options', () => {
  it('reads durations as Prometheus writes them', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('')).toBeUndefined();
    expect(parseDuration('soon')).toBeUndefined();
    expect(parseDuration('5 m')).toBeUndefined();
  });

  it('fills in defaults, takes seconds as numbers, and bounds the timeout by the interval', () => {
    expect(evaluationTiming(undefined)).toEqual({
      intervalMs: 60_000,
      forMs: 0,
      keepFiringForMs: 0,
      timeoutMs: 10_000,
    });
    expect(evaluationTiming({ interval: 15, for: '2m', keepFiringFor: '5m' })).toEqual({
      intervalMs: 15_000,
      forMs: 120_000,
      keepFiringForMs: 300_000,
      timeoutMs: 10_000,
    });
  });

  it('refuses what it cannot honour, at the field it is wrong in', () => {
    const parsed = evaluationOptionsSchema.safeParse({
      interval: '500ms',
      for: 'soon',
      keepFiringFor: '2d',
      timeout: '30s',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'for',
      'interval',
      'keepFiringFor',
    ]);
    const longTimeout = evaluationOptionsSchema.safeParse({ interval: '20s', timeout: '30s' });
    expect(longTimeout.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['timeout']);
    expect(evaluationOptionsSchema.parse({ interval: '1m', datasourceUid: 'abc' })).toEqual({
      interval: '1m',
      datasourceUid: 'abc',
    });
  });
});
