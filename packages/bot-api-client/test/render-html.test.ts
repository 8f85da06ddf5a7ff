import type { ChannelMessage } from '@oncall/plugin-sdk';
import { sampleMessage } from '@oncall/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../src/render-html';

describe('renderHtml', () => {
  it('renders a bold headline, the body and links', () => {
    expect(renderHtml(sampleMessage('alert'))).toBe(
      [
        '<b>CRITICAL: Disk almost full on db-1</b>',
        'Free space is 3% on /var/lib/postgresql.',
        '<a href="https://dashboards.example.com/d/disk">Dashboard</a>',
      ].join('\n\n'),
    );
  });

  it('escapes markup coming from the alert', () => {
    const message: ChannelMessage = {
      kind: 'alert',
      severity: 'warning',
      title: '<script>x</script> & "quotes"',
      body: 'p99 > 2s && errors < 5%',
      links: [{ label: '<b>graph</b>', url: 'https://g.example/?a=1&b="2"' }],
    };
    expect(renderHtml(message)).toBe(
      [
        '<b>WARNING: &lt;script&gt;x&lt;/script&gt; &amp; &quot;quotes&quot;</b>',
        'p99 &gt; 2s &amp;&amp; errors &lt; 5%',
        '<a href="https://g.example/?a=1&amp;b=&quot;2&quot;">&lt;b&gt;graph&lt;/b&gt;</a>',
      ].join('\n\n'),
    );
  });

  it('keeps the text under the Bot API limit', () => {
    const text = renderHtml({ ...sampleMessage('alert'), body: 'x'.repeat(10_000) });
    expect(text.length).toBeLessThan(4096);
  });

  it('leaves out an empty body', () => {
    expect(renderHtml(sampleMessage('acknowledge'))).toBe(
      '<b>ACKNOWLEDGED: alice acknowledged Disk almost full on db-1</b>',
    );
  });

  it('shows a group: the count in the bold headline, the escaped list under the body', () => {
    const message: ChannelMessage = {
      kind: 'alert',
      severity: 'critical',
      title: 'Pods down',
      body: '',
      group: {
        firing: 3,
        resolved: 0,
        items: [{ state: 'firing', title: 'pod <a>' }],
        more: 2,
        ruleUrl: 'https://oncall.example.com/rules/r_1',
      },
    };
    expect(renderHtml(message)).toBe(
      '<b>CRITICAL: Pods down (3 firing)</b>\n\n• firing: pod &lt;a&gt;\nand 2 more\nAll instances: https://oncall.example.com/rules/r_1',
    );
  });
});
