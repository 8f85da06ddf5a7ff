import { z } from 'zod';

/**
 * The `alertmanager` field of a data source's read: a field the prometheus, grafana and pmm
 * plugins' receiver declares, so the server's types do not name it and it is checked here.
 */
const alertmanagerSetupSchema = z.looseObject({
  alertsUrl: z.string(),
  scheme: z.string().nullable(),
  target: z.string().nullable(),
  pathPrefix: z.string(),
});

/** What a data source's read says about receiving alerts (`webhookUrl`, `alertmanager`). */
export interface ReceiverFacts {
  type: string;
  label: string;
  webhookUrl: string | null;
  alertmanager?: unknown;
}

export interface ReceiverSnippet {
  title: string;
  /** Where it goes on the other side, in a sentence. */
  where: string;
  text: string;
}

/**
 * A URL the server gave as a path (no `PUBLIC_URL` is set) made absolute at the address the browser
 * reached the server on; an absolute one is kept as given.
 *
 * @example absoluteUrl('/api/v1/grafana-alert/ds_x', 'http://10.0.0.5:3000') // 'http://10.0.0.5:3000/api/v1/grafana-alert/ds_x'
 */
export function absoluteUrl(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : new URL(url, origin).href;
}

/**
 * The snippets to paste on the sending side for a data source: Alertmanager's `webhook_configs`
 * receiver and Prometheus's `alerting.alertmanagers` block for the types that take them, a Grafana
 * contact point, and otherwise the webhook URL with where to put it. Empty for a queried type.
 */
export function receiverSnippets(source: ReceiverFacts, origin: string): ReceiverSnippet[] {
  if (!source.webhookUrl) return [];
  const url = absoluteUrl(source.webhookUrl, origin);
  const snippets: ReceiverSnippet[] = [];
  if (source.type === 'prometheus' || source.type === 'pmm') {
    snippets.push({
      title: 'Alertmanager receiver',
      where: 'In alertmanager.yml: a webhook receiver (send_resolved must stay on), routed to.',
      text: [
        'receivers:',
        '  - name: oncall',
        '    webhook_configs:',
        `      - url: '${url}'`,
        '        send_resolved: true',
        '        max_alerts: 0',
        'route:',
        '  receiver: oncall',
      ].join('\n'),
    });
  }
  const alertmanager = alertmanagerSetupSchema.safeParse(source.alertmanager).data;
  if (alertmanager) {
    const here = new URL(origin);
    const scheme = alertmanager.scheme ?? here.protocol.replace(/:$/, '');
    const target =
      alertmanager.target ?? `${here.hostname}:${here.port || (scheme === 'https' ? '443' : '80')}`;
    snippets.push({
      title: 'Prometheus alerting block',
      where: 'In prometheus.yml: the service stands in for Alertmanager (its API v2).',
      text: [
        'alerting:',
        '  alertmanagers:',
        `    - scheme: ${scheme}`,
        `      path_prefix: ${alertmanager.pathPrefix}`,
        '      static_configs:',
        `        - targets: ['${target}']`,
      ].join('\n'),
    });
  }
  if (source.type === 'grafana') {
    snippets.push({
      title: 'Grafana contact point',
      where:
        'In Grafana: Alerting → Contact points → Add contact point, integration Webhook, method POST, no authentication; leave "Disable resolved message" off.',
      text: url,
    });
  }
  if (snippets.length === 0) {
    snippets.push({
      title: `${source.label} webhook`,
      where: `In ${source.label}: add a webhook that posts alerts (and their resolves) to this URL.`,
      text: url,
    });
  }
  return snippets;
}
