import type { ChannelMessage, MessageSeverity } from '../message';
import { groupCount } from './group-lines';

const SEVERITY_LABELS: Record<MessageSeverity, string> = {
  critical: 'CRITICAL',
  warning: 'WARNING',
  resolved: 'RESOLVED',
  info: 'INFO',
  triggered: 'TRIGGERED',
};

/**
 * One line that says what happened, for a subject, a bold first line or a notification preview.
 * The state leads so it survives truncation on small screens; a grouped message ends with its count.
 *
 * @example headline({ kind: 'alert', severity: 'critical', title: 'Disk full', body: '' }) // 'CRITICAL: Disk full'
 */
export function headline(message: ChannelMessage): string {
  const line = singleHeadline(message);
  return message.group === undefined ? line : `${line} (${groupCount(message.group)})`;
}

function singleHeadline(message: ChannelMessage): string {
  switch (message.kind) {
    case 'otp':
      return message.title;
    case 'test':
      return `TEST: ${message.title}`;
    case 'acknowledge':
      return `ACKNOWLEDGED: ${message.title}`;
    default:
      return `${SEVERITY_LABELS[message.severity]}: ${message.title}`;
  }
}
