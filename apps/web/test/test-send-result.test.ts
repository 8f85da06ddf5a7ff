import { describe, expect, it } from 'vitest';
import { attemptOutcome, type TestAttempt, testAttemptsSince } from '../src/endpoints/test-send-result';

const entry = (id: string, event: string, at: string, overrides: Partial<TestAttempt> = {}): TestAttempt => ({
  type: 'attempt',
  id,
  alertEventId: event,
  eventKind: 'test',
  episodeId: null,
  endpoint: { id: 'e1', name: 'Phone', channel: 'sms' },
  createdAt: at,
  providerConfig: null,
  attempt: 1,
  outcome: 'delivered',
  error: null,
  latencyMs: 40,
  retryAfterMs: null,
  fallback: false,
  recipient: null,
  carried: null,
  ...overrides,
});

describe('testAttemptsSince', () => {
  const sentAt = Date.parse('2026-03-01T03:00:00Z');
  it("keeps the newest test event's attempts since the send, oldest first", () => {
    const log = [
      entry('c', 'ev2', '2026-03-01T03:00:02Z', { endpoint: { id: 'e2', name: 'Mail', channel: 'email' } }),
      entry('b', 'ev2', '2026-03-01T03:00:01Z'),
      entry('a', 'ev1', '2026-03-01T02:50:00Z'),
    ];
    expect(testAttemptsSince(log, sentAt).map((e) => e.id)).toEqual(['b', 'c']);
  });
  it('ignores real alerts and tests from before the send', () => {
    const log = [
      entry('x', 'ev3', '2026-03-01T03:00:01Z', { eventKind: 'fired' }),
      entry('a', 'ev1', '2026-03-01T02:50:00Z'),
    ];
    expect(testAttemptsSince(log, sentAt)).toEqual([]);
  });
});

describe('attemptOutcome', () => {
  it('says what happened, the backup and the latency included', () => {
    expect(attemptOutcome(entry('a', 'e', 'x'))).toBe('delivered in 40 ms');
    expect(attemptOutcome(entry('a', 'e', 'x', { fallback: true, latencyMs: null }))).toBe(
      'delivered by the backup provider',
    );
    expect(attemptOutcome(entry('a', 'e', 'x', { outcome: 'permanent', error: 'bad number' }))).toBe(
      'failed: bad number',
    );
    expect(attemptOutcome(entry('a', 'e', 'x', { outcome: 'transient', error: 'timeout' }))).toBe(
      'failed, retrying: timeout',
    );
  });
});
