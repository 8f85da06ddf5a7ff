import { describe, expect, it } from 'vitest';
import {
  classifyHttpStatus,
  DEFAULT_RATE_LIMIT_DELAY_MS,
  PermanentError,
  parseRetryAfterMs,
  RateLimitedError,
  TransientError,
} from '../src';

const now = new Date('2025-01-01T00:00:00Z');

describe('classifyHttpStatus', () => {
  it.each([429])('maps %i to RateLimitedError', (status) => {
    expect(classifyHttpStatus(status, '12')).toBeInstanceOf(RateLimitedError);
  });

  it.each([408, 500, 502, 503, 504])('maps %i to TransientError', (status) => {
    expect(classifyHttpStatus(status, null)).toBeInstanceOf(TransientError);
  });

  it.each([400, 401, 403, 404, 410, 413, 422])('maps %i to PermanentError', (status) => {
    expect(classifyHttpStatus(status, null)).toBeInstanceOf(PermanentError);
  });

  it('takes the delay of a 429 from Retry-After seconds', () => {
    expect(classifyHttpStatus(429, '7')).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7000 });
  });

  it('takes the delay of a 429 from a Retry-After date', () => {
    const error = classifyHttpStatus(429, 'Wed, 01 Jan 2025 00:01:30 GMT', { now });
    expect(error).toMatchObject({ retryAfterMs: 90_000 });
  });

  it('falls back to a default delay when a 429 says nothing', () => {
    expect(classifyHttpStatus(429, undefined)).toMatchObject({ retryAfterMs: DEFAULT_RATE_LIMIT_DELAY_MS });
  });

  it("puts the vendor's detail in the message", () => {
    expect(classifyHttpStatus(403, null, { detail: 'Forbidden: bot was blocked' }).message).toBe(
      'HTTP 403: Forbidden: bot was blocked',
    );
  });
});

describe('parseRetryAfterMs', () => {
  it.each([
    ['0', 0],
    ['3', 3000],
    [' 2.5 ', 2500],
    ['Wed, 01 Jan 2025 00:00:10 GMT', 10_000],
    ['Tue, 31 Dec 2024 23:00:00 GMT', 0],
  ])('reads %j as %i ms', (header, expected) => {
    expect(parseRetryAfterMs(header, now)).toBe(expected);
  });

  it.each([[undefined], [null], [''], ['soon']])('returns undefined for %j', (header) => {
    expect(parseRetryAfterMs(header, now)).toBeUndefined();
  });
});
