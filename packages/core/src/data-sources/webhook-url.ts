import type { ReceiverAddress } from '@oncall/plugin-sdk';

/**
 * Where the monitoring system posts its alerts. Without a configured public URL the path alone is
 * given: the client knows the address it reached us on, and a guessed host would be wrong.
 */
export function webhookUrl(publicUrl: string | undefined, type: string, token: string): string {
  const base = (publicUrl ?? '').replace(/\/+$/, '');
  return `${base}/api/v1/${type}-alert/${encodeURIComponent(token)}`;
}

/**
 * Where a data source's receivers are reached (see the SDK's `ReceiverAddress`): its webhook URL,
 * and that URL's path with the token and without it, `PUBLIC_URL`'s own base path kept.
 *
 * @example
 * receiverAddress('https://oncall.example.com/base', 'prometheus', 'ds_x')
 * // { publicUrl: 'https://oncall.example.com/base', webhookUrl: 'https://oncall.example.com/base/api/v1/prometheus-alert/ds_x',
 * //   tokenPath: '/base/api/v1/prometheus-alert/ds_x', credentialsPath: '/base/api/v1/prometheus-alert' }
 */
export function receiverAddress(publicUrl: string | undefined, type: string, token: string): ReceiverAddress {
  const publicPath = publicUrl && URL.canParse(publicUrl) ? new URL(publicUrl).pathname : '';
  const basePath = publicPath.replace(/\/+$/, '');
  const credentialsPath = `${basePath}/api/v1/${type}-alert`;
  return {
    publicUrl,
    webhookUrl: webhookUrl(publicUrl, type, token),
    tokenPath: `${credentialsPath}/${encodeURIComponent(token)}`,
    credentialsPath,
  };
}
