import { describe, expect, it } from 'vitest';
import { curlSnippets } from '../src/rules/send-snippet';
import { TIMELINE_BUCKETS, timelineQuery } from '../src/rules/timeline-window';

describe('the rule detail status bar', () => {
  it('asks for the chosen span ending at the next whole minute', () => {
    const now = new Date('2026-11-28T21:50:30Z');
    const end = Date.parse('2026-11-28T21:51:00Z') / 1000;
    expect(timelineQuery('r1', '1h', now)).toEqual({
      alertRuleIds: ['r1'],
      fromTime: end - 3_600,
      toTime: end,
      bucketCount: TIMELINE_BUCKETS,
    });
    expect(timelineQuery('r1', '30d', now).fromTime).toBe(end - 30 * 86_400);
  });

  it('asks the same question twice within a minute (the cache answers the second)', () => {
    const first = timelineQuery('r1', '24h', new Date('2026-11-28T21:50:01Z'));
    const second = timelineQuery('r1', '24h', new Date('2026-11-28T21:50:59Z'));
    expect(second).toEqual(first);
  });
});

describe('how to send to an API rule', () => {
  it('fires and resolves with the token as the bearer at the server the browser sees', () => {
    const { fire, resolve } = curlSnippets('https://oncall.example.com/oncall/api/v1', 'tok_123');
    expect(fire).toContain("curl -X POST 'https://oncall.example.com/oncall/api/v1/fire-alert'");
    expect(fire).toContain("-H 'Authorization: Bearer tok_123'");
    expect(resolve).toContain('/api/v1/resolve-alert');
    expect(JSON.parse(fire.split("-d '")[1]?.replace(/'$/, '') ?? '')).toMatchObject({
      alertname: 'disk_full',
    });
  });
});
