import { describe, expect, it } from 'vitest';
import { alertmanagerApiReceiver, alertmanagerFingerprint, alertmanagerSetup } from '../src';

const now = new Date('2026-11-29T12:00:00Z');

describe('alertmanagerApiReceiver', () => {
  it('reads postable alerts into webhook payloads with their expiry', () => {
    const labels = { alertname: 'HostDown', instance: 'db-1:9100' };
    const read = alertmanagerApiReceiver.read(
      [
        { labels, annotations: { summary: 'down' } },
        { labels: { alertname: 'Old' }, endsAt: '2026-11-29T11:00:00Z' },
      ],
      now,
    );
    expect(read).toEqual({
      ok: true,
      alerts: [
        {
          payload: {
            alerts: [
              expect.objectContaining({
                status: 'firing',
                labels,
                fingerprint: alertmanagerFingerprint(labels),
              }),
            ],
          },
          expiresAt: new Date('2026-11-29T12:05:00Z'),
        },
        {
          payload: { alerts: [expect.objectContaining({ status: 'resolved' })] },
          expiresAt: new Date('2026-11-29T11:00:00Z'),
        },
      ],
    });
  });

  it('refuses a body that is no alert list, naming the path inside it', () => {
    expect(alertmanagerApiReceiver.read([{ labels: { alertname: 7 } }], now)).toEqual({
      ok: false,
      issues: [expect.objectContaining({ path: '0.labels.alertname' })],
    });
  });

  it('shows what to paste into Prometheus: scheme and target from PUBLIC_URL, the paths as given', () => {
    const address = {
      publicUrl: 'https://oncall.example.com/base',
      webhookUrl: 'https://oncall.example.com/base/api/v1/prometheus-alert/ds_x',
      tokenPath: '/base/api/v1/prometheus-alert/ds_x',
      credentialsPath: '/base/api/v1/prometheus-alert',
    };
    expect(alertmanagerSetup(address)).toEqual({
      alertsUrl: 'https://oncall.example.com/base/api/v1/prometheus-alert/ds_x/api/v2/alerts',
      scheme: 'https',
      target: 'oncall.example.com:443',
      pathPrefix: '/base/api/v1/prometheus-alert/ds_x',
      credentialsPathPrefix: '/base/api/v1/prometheus-alert',
    });
    expect(alertmanagerSetup({ ...address, publicUrl: undefined })).toMatchObject({
      scheme: null,
      target: null,
    });
    expect(alertmanagerApiReceiver.setup?.schema.parse(alertmanagerSetup(address))).toBeTruthy();
  });
});
