import { describe, expect, it } from 'vitest';
import { classifySendError, SendError } from '../src/index';
import { readSendFailureDetails, sendFailureKind } from '../src/temporal/send-failure';

describe('classifySendError', () => {
  it.each([
    {
      error: new SendError('permanent', 'bad number'),
      expected: { kind: 'permanent', message: 'bad number' },
    },
    {
      error: new SendError('rateLimited', 'slow down', 1500),
      expected: { kind: 'rateLimited', message: 'slow down', retryAfterMs: 1500 },
    },
    {
      // Another package's error (the plugin SDK's) is read by its shape.
      error: Object.assign(new Error('quota'), { kind: 'rateLimited', retryAfterMs: 60_000 }),
      expected: { kind: 'rateLimited', message: 'quota', retryAfterMs: 60_000 },
    },
    {
      error: Object.assign(new Error('odd'), { kind: 'fatal' }),
      expected: { kind: 'transient', message: 'odd' },
    },
    {
      error: Object.assign(new Error('negative'), { kind: 'rateLimited', retryAfterMs: -5 }),
      expected: { kind: 'rateLimited', message: 'negative' },
    },
    { error: new Error('ECONNRESET'), expected: { kind: 'transient', message: 'ECONNRESET' } },
    { error: 'a string', expected: { kind: 'transient', message: 'a string' } },
    { error: null, expected: { kind: 'transient', message: 'null' } },
  ])('$expected.kind from $error', ({ error, expected }) => {
    expect(classifySendError(error)).toEqual(expected);
  });
});

describe('send failure mapping', () => {
  it.each([
    { type: 'PermanentSendError', kind: 'permanent' },
    { type: 'RateLimitedSendError', kind: 'rateLimited' },
    { type: 'TransientSendError', kind: 'transient' },
    { type: 'SomethingElse', kind: 'transient' },
    { type: undefined, kind: 'transient' },
  ])('$type is $kind', ({ type, kind }) => {
    expect(sendFailureKind(type)).toBe(kind);
  });

  it.each([
    { details: [{ latencyMs: 10, retryAfterMs: 2000 }], expected: { latencyMs: 10, retryAfterMs: 2000 } },
    { details: [{ latencyMs: 10 }], expected: { latencyMs: 10 } },
    { details: [{ latencyMs: '10' }], expected: {} },
    { details: ['text'], expected: {} },
    { details: [], expected: {} },
    { details: undefined, expected: {} },
  ])('reads $details', ({ details, expected }) => {
    expect(readSendFailureDetails(details)).toEqual(expected);
  });
});
