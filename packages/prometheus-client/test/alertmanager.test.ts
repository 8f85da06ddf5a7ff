import { describe, expect, it } from 'vitest';
import {
  alertmanagerFingerprint,
  alertmanagerWebhookSchema,
  fromAlertmanagerAlert,
  fromPostableAlert,
  postableAlertsSchema,
} from '../src';

const body = {
  version: '4',
  groupKey: '{}:{alertname="HostDown"}',
  status: 'firing',
  receiver: 'oncall',
  alerts: [
    {
      status: 'firing',
      labels: { alertname: 'HostDown', instance: 'db-1:9100', severity: 'Critical', job: 'node' },
      annotations: { summary: 'db-1 is down', description: 'No scrape for 5m' },
      startsAt: '2024-05-01T10:00:00.123456789Z',
      endsAt: '2024-05-01T10:09:00Z',
      generatorURL: 'http://prometheus:9090/graph?g0.expr=up%3D%3D0',
      fingerprint: '7d2a4f0c1b3e5a69',
    },
  ],
};

describe('alertmanagerWebhookSchema', () => {
  it('keeps fields it does not know', () => {
    const parsed = alertmanagerWebhookSchema.parse({ ...body, extra: 1 });
    expect(parsed).toMatchObject({ extra: 1, receiver: 'oncall' });
  });

  it('requires alerts, a status per alert and a non-blank alertname', () => {
    expect(alertmanagerWebhookSchema.safeParse({}).success).toBe(false);
    const without = (change: object) => ({ alerts: [{ ...body.alerts[0], ...change }] });
    expect(alertmanagerWebhookSchema.safeParse(without({ status: 'pending' })).success).toBe(false);
    expect(alertmanagerWebhookSchema.safeParse(without({ labels: { instance: 'x' } })).success).toBe(false);
    expect(alertmanagerWebhookSchema.safeParse(without({ labels: { alertname: ' ' } })).success).toBe(false);
    expect(alertmanagerWebhookSchema.safeParse(without({ labels: { alertname: 'A', n: 1 } })).success).toBe(
      false,
    );
    expect(alertmanagerWebhookSchema.safeParse(without({ annotations: undefined })).success).toBe(true);
  });
});

describe('fromAlertmanagerAlert', () => {
  const [alert] = alertmanagerWebhookSchema.parse(body).alerts;

  it('maps every field', () => {
    if (alert === undefined) throw new Error('no alert parsed');
    expect(fromAlertmanagerAlert(alert)).toStrictEqual({
      name: 'HostDown',
      status: 'firing',
      severity: 'critical',
      instance: 'db-1:9100',
      summary: 'db-1 is down',
      description: 'No scrape for 5m',
      labels: { alertname: 'HostDown', instance: 'db-1:9100', severity: 'Critical', job: 'node' },
      annotations: { summary: 'db-1 is down', description: 'No scrape for 5m' },
      startsAt: '2024-05-01T10:00:00.123Z',
      endsAt: undefined,
      fingerprint: '7d2a4f0c1b3e5a69',
      details: { generatorURL: 'http://prometheus:9090/graph?g0.expr=up%3D%3D0' },
      link: 'http://prometheus:9090/graph?g0.expr=up%3D%3D0',
    });
  });

  it('keeps endsAt of a resolved alert and picks the first instance label present', () => {
    if (alert === undefined) throw new Error('no alert parsed');
    const resolved = {
      ...alert,
      status: 'resolved' as const,
      labels: { alertname: 'HostDown', node_name: 'n1' },
    };
    expect(fromAlertmanagerAlert(resolved, ['instance', 'service_name', 'node_name'])).toMatchObject({
      status: 'resolved',
      endsAt: '2024-05-01T10:09:00.000Z',
      instance: 'n1',
      severity: undefined,
    });
  });
});

describe('postable alerts (Alertmanager API v2)', () => {
  const now = new Date('2024-05-01T10:01:00Z');
  const labels = { alertname: 'HostDown', instance: 'db-1:9100' };

  it('fingerprints a label set as Prometheus does (FNV-1a, sorted names, 0xff separators)', () => {
    // The empty set is FNV-1a's offset basis, Prometheus's `emptyLabelSignature`.
    expect(alertmanagerFingerprint({})).toBe('cbf29ce484222325');
    expect(alertmanagerFingerprint(labels)).toBe('93a480b4b04b339f');
    expect(alertmanagerFingerprint({ instance: 'db-1:9100', alertname: 'HostDown' })).toBe(
      '93a480b4b04b339f',
    );
    expect(alertmanagerFingerprint({ ...labels, instance: 'db-2:9100' })).not.toBe('93a480b4b04b339f');
  });

  it('is firing until a future endsAt, resolved once endsAt has passed', () => {
    const firing = fromPostableAlert({ labels, endsAt: '2024-05-01T10:05:00Z' }, now);
    expect(firing.alert.status).toBe('firing');
    expect(firing.alert.fingerprint).toBe('93a480b4b04b339f');
    expect(firing.expiresAt.toISOString()).toBe('2024-05-01T10:05:00.000Z');
    expect(fromPostableAlert({ labels, endsAt: '2024-05-01T10:00:59Z' }, now).alert.status).toBe('resolved');
    expect(fromPostableAlert({ labels, endsAt: '2024-05-01T10:01:00Z' }, now).alert.status).toBe('resolved');
  });

  it("lasts Alertmanager's resolve_timeout without endsAt, or with Go's zero time", () => {
    for (const endsAt of [undefined, '0001-01-01T00:00:00Z']) {
      const { alert, expiresAt } = fromPostableAlert({ labels, ...(endsAt ? { endsAt } : {}) }, now);
      expect(alert.status).toBe('firing');
      expect(expiresAt.getTime() - now.getTime()).toBe(5 * 60_000);
    }
  });

  it('takes an array of alerts with labels.alertname; the rest is optional', () => {
    expect(postableAlertsSchema.safeParse([{ labels }]).success).toBe(true);
    const bad = postableAlertsSchema.safeParse([{ labels: { instance: 'x' } }, { labels, endsAt: 'soon' }]);
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      '0.labels.alertname',
      '1.endsAt',
    ]);
  });
});
