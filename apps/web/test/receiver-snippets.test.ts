import { describe, expect, it } from 'vitest';
import { absoluteUrl, receiverSnippets } from '../src/data-sources/receiver-snippets';

const ORIGIN = 'http://10.0.0.5:3000';

describe('receiverSnippets', () => {
  it('makes a path-only URL absolute at the browser’s address, keeps an absolute one', () => {
    expect(absoluteUrl('/api/v1/grafana-alert/ds_x', ORIGIN)).toBe(
      'http://10.0.0.5:3000/api/v1/grafana-alert/ds_x',
    );
    expect(absoluteUrl('https://oncall.example.com/api/v1/grafana-alert/ds_x', ORIGIN)).toBe(
      'https://oncall.example.com/api/v1/grafana-alert/ds_x',
    );
  });

  it('gives a Prometheus source the Alertmanager receiver and the alerting block, from the server’s setup', () => {
    const [receiver, alerting] = receiverSnippets(
      {
        type: 'prometheus',
        label: 'Prometheus',
        webhookUrl: 'https://oncall.example.com/api/v1/prometheus-alert/ds_x',
        alertmanager: {
          alertsUrl: 'https://oncall.example.com/api/v1/prometheus-alert/ds_x/api/v2/alerts',
          scheme: 'https',
          target: 'oncall.example.com:443',
          pathPrefix: '/api/v1/prometheus-alert/ds_x',
        },
      },
      ORIGIN,
    );
    expect(receiver?.text).toContain("- url: 'https://oncall.example.com/api/v1/prometheus-alert/ds_x'");
    expect(receiver?.text).toContain('send_resolved: true');
    expect(alerting?.text).toContain('- scheme: https');
    expect(alerting?.text).toContain('path_prefix: /api/v1/prometheus-alert/ds_x');
    expect(alerting?.text).toContain("- targets: ['oncall.example.com:443']");
  });

  it('takes the scheme and target from the browser when no PUBLIC_URL gave them', () => {
    const snippets = receiverSnippets(
      {
        type: 'prometheus',
        label: 'Prometheus',
        webhookUrl: '/api/v1/prometheus-alert/ds_x',
        alertmanager: {
          alertsUrl: '',
          scheme: null,
          target: null,
          pathPrefix: '/api/v1/prometheus-alert/ds_x',
        },
      },
      'http://localhost',
    );
    expect(snippets[1]?.text).toContain('- scheme: http');
    expect(snippets[1]?.text).toContain("- targets: ['localhost:80']");
  });

  it('gives Grafana a contact point and any other webhook type its URL; a queried type nothing', () => {
    const grafana = receiverSnippets(
      { type: 'grafana', label: 'Grafana', webhookUrl: '/api/v1/grafana-alert/t', alertmanager: null },
      ORIGIN,
    );
    expect(grafana.map((snippet) => snippet.title)).toEqual(['Grafana contact point']);
    expect(grafana[0]?.text).toBe('http://10.0.0.5:3000/api/v1/grafana-alert/t');
    const sentry = receiverSnippets(
      { type: 'sentry', label: 'Sentry', webhookUrl: '/api/v1/sentry-alert/t', alertmanager: null },
      ORIGIN,
    );
    expect(sentry[0]?.title).toBe('Sentry webhook');
    expect(
      receiverSnippets({ type: 'elastic', label: 'Elastic', webhookUrl: null, alertmanager: null }, ORIGIN),
    ).toEqual([]);
  });
});
