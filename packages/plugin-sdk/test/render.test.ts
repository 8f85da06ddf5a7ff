import { describe, expect, it } from 'vitest';
import { type ChannelMessage, escapeHtml, headline, toPlainText, truncate } from '../src';
import { sampleMessage } from '../src/testing';

describe('headline', () => {
  it.each([
    ['alert', 'CRITICAL: Disk almost full on db-1'],
    ['resolve', 'RESOLVED: Disk almost full on db-1'],
    ['acknowledge', 'ACKNOWLEDGED: alice acknowledged Disk almost full on db-1'],
    ['test', 'TEST: Test notification'],
    ['otp', 'Verification code'],
  ] as const)('renders a %s message', (kind, expected) => {
    expect(headline(sampleMessage(kind))).toBe(expected);
  });

  it('labels warnings and notification triggers', () => {
    const base: ChannelMessage = { kind: 'alert', severity: 'warning', title: 'Latency', body: '' };
    expect(headline(base)).toBe('WARNING: Latency');
    expect(headline({ ...base, severity: 'triggered' })).toBe('TRIGGERED: Latency');
  });
});

describe('truncate', () => {
  it('leaves short text alone', () => {
    expect(truncate('abc', 3)).toBe('abc');
  });

  it('cuts long text with an ellipsis within the limit', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
  });

  it('counts characters, not UTF-16 units, so it never splits an emoji or Persian letter', () => {
    expect(truncate('🔥🔥🔥', 2)).toBe('🔥…');
    expect(truncate('سلام دنیا', 5)).toBe('سلام…');
  });

  it('returns nothing for a non-positive limit', () => {
    expect(truncate('abc', 0)).toBe('');
  });
});

describe('escapeHtml', () => {
  it('escapes markup and attribute quotes', () => {
    expect(escapeHtml('<script>alert("x")</script> & co')).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co',
    );
  });
});

describe('toPlainText', () => {
  it('puts headline, body, links and the acknowledge link on their own lines', () => {
    expect(toPlainText(sampleMessage('alert'))).toBe(
      [
        'CRITICAL: Disk almost full on db-1',
        'Free space is 3% on /var/lib/postgresql.',
        'Dashboard: https://dashboards.example.com/d/disk',
        'Acknowledge: https://oncall.example.com/api/v1/alert-rule/acknowledgeL/rule-1?token=signed',
      ].join('\n'),
    );
  });

  it('shortens the body first so the acknowledge link survives the limit', () => {
    const message: ChannelMessage = {
      kind: 'alert',
      severity: 'critical',
      title: 'CPU',
      body: 'x'.repeat(500),
      acknowledgeUrl: 'https://a.example/ack',
    };
    const text = toPlainText(message, { maxLength: 60 });
    expect(Array.from(text)).toHaveLength(60);
    expect(text.startsWith('CRITICAL: CPU\nxxx')).toBe(true);
    expect(text.endsWith('…\nAcknowledge: https://a.example/ack')).toBe(true);
  });

  it('drops links on request', () => {
    expect(toPlainText(sampleMessage('alert'), { withoutLinks: true })).toBe(
      'CRITICAL: Disk almost full on db-1\nFree space is 3% on /var/lib/postgresql.',
    );
  });

  it('omits an empty body', () => {
    expect(toPlainText(sampleMessage('acknowledge'))).toBe(
      'ACKNOWLEDGED: alice acknowledged Disk almost full on db-1',
    );
  });

  it('sends a one-time code as its body alone', () => {
    expect(toPlainText(sampleMessage('otp'))).toBe('Your verification code is 482913');
  });
});
