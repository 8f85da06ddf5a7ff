import { describe, expect, it } from 'vitest';
import {
  type ChannelMessage,
  groupLines,
  headline,
  type MessageGroup,
  messageText,
  toPlainText,
} from '../src';

const group: MessageGroup = {
  firing: 5,
  resolved: 1,
  items: [
    { state: 'firing', title: 'db-2 down' },
    { state: 'resolved', title: 'db-1 down' },
  ],
  more: 4,
  ruleUrl: 'https://oncall.example.com/rules/r_1',
};
const grouped: ChannelMessage = {
  kind: 'alert',
  severity: 'critical',
  title: 'Database down',
  body: '',
  group,
};

describe('a grouped message', () => {
  it('ends its headline with the count, firing first', () => {
    expect(headline(grouped)).toBe('CRITICAL: Database down (5 firing, 1 resolved)');
    expect(headline({ ...grouped, group: { ...group, firing: 0 } })).toBe(
      'CRITICAL: Database down (1 resolved)',
    );
  });

  it('lists the bounded items, then how many more, then the rule', () => {
    expect(groupLines(group)).toEqual([
      '• firing: db-2 down',
      '• resolved: db-1 down',
      'and 4 more',
      'All instances: https://oncall.example.com/rules/r_1',
    ]);
    expect(groupLines({ ...group, more: 0 }, { withoutLinks: true })).toEqual([
      '• firing: db-2 down',
      '• resolved: db-1 down',
    ]);
  });

  it('puts the list after the body in the text every channel shows, and in plain text', () => {
    expect(messageText({ ...grouped, body: 'Primary unreachable' })).toBe(
      'Primary unreachable\n\n• firing: db-2 down\n• resolved: db-1 down\nand 4 more\nAll instances: https://oncall.example.com/rules/r_1',
    );
    expect(messageText({ ...grouped, group: undefined, body: ' one ' })).toBe('one');
    expect(toPlainText(grouped, { withoutLinks: true })).toBe(
      'CRITICAL: Database down (5 firing, 1 resolved)\n• firing: db-2 down\n• resolved: db-1 down\nand 4 more',
    );
  });
});
