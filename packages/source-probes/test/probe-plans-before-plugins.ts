import type { DataSourceType } from '@oncall/core';
import type { ProbePlan, ProbeStep } from '@oncall/plugin-sdk';

const get = (path: string, query?: Record<string, string>): ProbeStep => ({ method: 'GET', path, query });

const BUILD_INFO = get('/api/v1/status/buildinfo');
const HEALTHY = get('/-/healthy');

/** Zabbix answers JSON-RPC errors with 200, so only a version string counts. */
const ZABBIX_VERSION: ProbeStep = {
  method: 'POST',
  path: '/api_jsonrpc.php',
  json: { jsonrpc: '2.0', method: 'apiinfo.version', params: [], id: 1 },
  accept: (body) =>
    typeof body === 'object' && body !== null && 'result' in body && typeof body.result === 'string',
};

/**
 * The checks this package ran per type before source plugins declared them (`probe`), kept as they
 * were so that the plugins are held to them.
 */
export const PROBE_PLANS: Readonly<Record<DataSourceType, ProbePlan>> = {
  prometheus: { steps: [BUILD_INFO, HEALTHY], token: 'bearer', basic: true },
  // VictoriaLogs serves no build info; it answers the Prometheus-style health path.
  victoria_logs: { steps: [BUILD_INFO, HEALTHY], token: 'bearer', basic: true },
  // PMM's bundled VictoriaMetrics answers the Prometheus paths (under /prometheus); /v1/readyz is
  // PMM's own readiness check, for a URL that names the PMM server itself.
  pmm: { steps: [BUILD_INFO, HEALTHY, get('/v1/readyz')], token: 'bearer', basic: true },
  grafana: { steps: [get('/api/health')], token: 'bearer', basic: true },
  elastic: { steps: [get('/')], token: 'api-key', basic: true },
  // apiinfo.version is refused when authenticated, so reachability is what it shows.
  zabbix: { steps: [ZABBIX_VERSION], token: 'none', basic: false },
  sentry: { steps: [get('/api/0/')], token: 'bearer', basic: false },
  splunk: { steps: [get('/services/server/info', { output_mode: 'json' })], token: 'bearer', basic: true },
  metabase: { steps: [get('/api/health')], token: 'x-api-key', basic: false },
};
