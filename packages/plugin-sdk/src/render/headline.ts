import type { ChannelMessage, MessageSeverity } from '../message';

const SEVERITY_LABELS: Record<MessageSeverity, string> = {
  critical: 'CRITICAL',
  warning: 'WARNING',
  resolved: 'RESOLVED',
  info: 'INFO',
  triggered: 'TRIGGERED',
};

/**
 * One line that says what happened, for a subject, a bold first line or a notification preview.
 * The state leads so it survives truncation on small screens.
 *
 * @example headline({ kind: 'alert', severity: 'critical', title: 'Disk full', body: '' }) // 'CRITICAL: Disk full'
 */
export function headline(message: ChannelMessage): string {
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
