import { describe, expect, it } from 'vitest';
import {
  type AlertEventFacts,
  acknowledgeLink,
  alertEventMessage,
  offersAcknowledge,
} from '../src/notifications/templates/alert-event-message';

const AT = new Date('2025-03-04T05:06:07.890Z');
const ACK = 'https://oncall.example.com/ack/t';

function facts(overrides: Partial<AlertEventFacts>): AlertEventFacts {
  return {
    kind: 'fired',
    state: 'critical',
    ruleState: 'critical',
    ruleName: 'Disk space',
    alertname: 'disk_full',
    instance: 'db-1',
    description: 'Free space is 3% on /var/lib/postgresql',
    actorName: null,
    createdAt: AT,
    ...overrides,
  };
}

describe('alert event messages', () => {
  it('renders a fired alert with its rule, instance, alert name, description, state and time', () => {
    expect(alertEventMessage(facts({}), ACK)).toEqual({
      kind: 'alert',
      severity: 'critical',
      title: 'Disk space — db-1',
      body: [
        'Free space is 3% on /var/lib/postgresql',
        '',
        'Rule: Disk space',
        'Alert: disk_full',
        'Instance: db-1',
        'State: critical',
        'Time: 2025-03-04T05:06:07Z',
      ].join('\n'),
      acknowledgeUrl: ACK,
    });
  });

  it('says what is wrong: the summary first, then the description, and the labels, bounded', () => {
    const labels = Object.fromEntries(
      Array.from({ length: 14 }, (_, i) => [
        `label${String(i).padStart(2, '0')}`,
        i === 0 ? 'x'.repeat(300) : `v${i}`,
      ]),
    );
    const message = alertEventMessage(
      facts({ summary: 'Disk almost full on db-1', labels: { ...labels, alertname: 'disk_full' } }),
    );
    const body = message.body.split('\n');
    expect(body.slice(0, 3)).toEqual([
      'Disk almost full on db-1',
      'Free space is 3% on /var/lib/postgresql',
      '',
    ]);
    const labelLine = body.find((line) => line.startsWith('Labels: '));
    expect(labelLine).toBeDefined();
    // The alert name is already said; ten labels at most, each value cut, the rest counted.
    expect(labelLine).not.toContain('alertname=');
    expect(labelLine).toContain(`label00=${'x'.repeat(99)}…`);
    expect(labelLine).toContain('label09=v9');
    expect(labelLine).not.toContain('label10=');
    expect(labelLine?.endsWith('and 4 more')).toBe(true);
  });

  it('does not repeat a summary that is the description', () => {
    const message = alertEventMessage(facts({ summary: 'Free space is 3% on /var/lib/postgresql' }));
    expect(message.body.split('\n').slice(0, 2)).toEqual(['Free space is 3% on /var/lib/postgresql', '']);
  });

  it('names no instance when the alert had none (its instance is its alert name)', () => {
    const message = alertEventMessage(facts({ instance: 'disk_full' }));
    expect(message.title).toBe('Disk space');
    expect(message.body).not.toContain('Instance:');
  });

  it.each([
    ['refired', 'critical', 'critical'],
    ['status', 'warning', 'warning'],
    ['status', 'critical', 'critical'],
  ] as const)('renders a %s event to %s as an alert of that severity', (kind, state, severity) => {
    expect(alertEventMessage(facts({ kind, state }))).toMatchObject({ kind: 'alert', severity });
  });

  it('renders a notification rule trigger as a triggered alert without acknowledge link', () => {
    const trigger = facts({ kind: 'triggered', state: 'triggered', ruleState: 'triggered' });
    expect(alertEventMessage(trigger)).toMatchObject({ kind: 'alert', severity: 'triggered' });
    expect(offersAcknowledge(trigger)).toBe(false);
  });

  it.each([
    ['resolved', 'Resolved manually'],
    ['auto_resolved', 'Alert resolved automatically'],
  ] as const)('renders a %s event as a resolve, never with the acknowledge link', (kind, description) => {
    const resolve = facts({ kind, state: 'resolved', ruleState: 'resolved', description });
    expect(offersAcknowledge(resolve)).toBe(false);
    expect(alertEventMessage(resolve, ACK)).toEqual({
      kind: 'resolve',
      severity: 'resolved',
      title: 'Disk space — db-1',
      body: [
        description,
        '',
        'Rule: Disk space',
        'Alert: disk_full',
        'Instance: db-1',
        'State: resolved',
        'Time: 2025-03-04T05:06:07Z',
      ].join('\n'),
    });
  });

  it('leaves out what the event does not carry', () => {
    const bare = facts({ alertname: null, instance: null, description: '  ' });
    expect(alertEventMessage(bare)).toEqual({
      kind: 'alert',
      severity: 'critical',
      title: 'Disk space',
      body: 'Rule: Disk space\nState: critical\nTime: 2025-03-04T05:06:07Z',
    });
  });

  it('renders a test notification in plain words, without acknowledge link', () => {
    const test = facts({
      kind: 'test',
      state: null,
      ruleState: 'resolved',
      alertname: null,
      instance: null,
      description: 'Test notification',
      actorName: 'Ada',
    });
    expect(offersAcknowledge(test)).toBe(false);
    expect(alertEventMessage(test, ACK)).toEqual({
      kind: 'test',
      severity: 'info',
      title: 'Disk space',
      body: [
        'This is a test notification for rule Disk space, sent by Ada.',
        'Alerts of this rule will reach you here.',
        '',
        'Time: 2025-03-04T05:06:07Z',
      ].join('\n'),
    });
  });

  it('says who acknowledged which rule', () => {
    const ack = facts({ kind: 'acknowledged', state: null, ruleState: 'warning', actorName: 'Ada' });
    expect(offersAcknowledge(ack)).toBe(false);
    expect(alertEventMessage(ack)).toEqual({
      kind: 'acknowledge',
      severity: 'warning',
      title: 'Disk space',
      body: 'Ada acknowledged Disk space.\n\nState: warning\nTime: 2025-03-04T05:06:07Z',
    });
  });

  it('says through which endpoint a link acknowledged', () => {
    const ack = facts({
      kind: 'acknowledged',
      state: null,
      ruleState: 'critical',
      actorName: 'Ada',
      viaEndpointName: "Ada's phone",
    });
    expect(alertEventMessage(ack).body).toBe(
      "Ada acknowledged Disk space via Ada's phone.\n\nState: critical\nTime: 2025-03-04T05:06:07Z",
    );
  });

  it('offers the acknowledge link for firing alerts only', () => {
    expect(offersAcknowledge(facts({ state: 'critical' }))).toBe(true);
    expect(offersAcknowledge(facts({ kind: 'status', state: 'warning' }))).toBe(true);
    expect(offersAcknowledge(facts({ kind: 'status', state: 'resolved' }))).toBe(false);
  });

  it('builds the acknowledge page URL under the public URL, path prefix kept, the token last', () => {
    expect(acknowledgeLink('https://ops.example.com/oncall/', 'Ab-c_d')).toBe(
      'https://ops.example.com/oncall/ack/Ab-c_d',
    );
  });
});
