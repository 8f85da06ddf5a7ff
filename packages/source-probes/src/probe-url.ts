import type { ProbeStep } from '@oncall/plugin-sdk';

/**
 * The step's path under the source's URL, keeping any base path (Grafana under `/grafana`). A URL
 * that already ends with the path (a Zabbix URL pasted with `api_jsonrpc.php`) is used as it is.
 */
export function probeUrl(base: string, step: ProbeStep): URL {
  const url = new URL(base);
  const basePath = url.pathname.replace(/\/+$/, '');
  if (step.path === '/' || !basePath.endsWith(step.path)) url.pathname = `${basePath}${step.path}`;
  url.search = new URLSearchParams(step.query).toString();
  return url;
}
