import type { ChannelMessage, MessageKind } from '../message';

const SAMPLES: Record<MessageKind, ChannelMessage> = {
  alert: {
    kind: 'alert',
    severity: 'critical',
    title: 'Disk almost full on db-1',
    body: 'Free space is 3% on /var/lib/postgresql.',
    links: [{ label: 'Dashboard', url: 'https://dashboards.example.com/d/disk' }],
    acknowledgeUrl: 'https://oncall.example.com/api/v1/alert-rule/acknowledgeL/rule-1?token=signed',
  },
  resolve: {
    kind: 'resolve',
    severity: 'resolved',
    title: 'Disk almost full on db-1',
    body: 'Free space is 40%.',
  },
  acknowledge: {
    kind: 'acknowledge',
    severity: 'critical',
    title: 'alice acknowledged Disk almost full on db-1',
    body: '',
  },
  test: { kind: 'test', severity: 'info', title: 'Test notification', body: 'This endpoint works.' },
  otp: {
    kind: 'otp',
    severity: 'info',
    title: 'Verification code',
    body: 'Your verification code is 482913',
  },
};

/**
 * A realistic message of each kind, for plugin tests.
 *
 * @example await instance.send(sampleMessage('alert'), options);
 */
export function sampleMessage(kind: MessageKind): ChannelMessage {
  return SAMPLES[kind];
}

/** Every message kind, so a plugin test can prove it renders them all. */
export const MESSAGE_KINDS: readonly MessageKind[] = ['alert', 'resolve', 'acknowledge', 'test', 'otp'];
