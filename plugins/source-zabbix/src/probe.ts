import type { ProbePlan } from '@oncall/plugin-sdk';

/**
 * Zabbix answers JSON-RPC errors with 200, so only a version string counts. apiinfo.version is
 * refused when authenticated, so reachability is what the probe shows.
 */
export const zabbixProbe: ProbePlan = {
  steps: [
    {
      method: 'POST',
      path: '/api_jsonrpc.php',
      json: { jsonrpc: '2.0', method: 'apiinfo.version', params: [], id: 1 },
      accept: (body) =>
        typeof body === 'object' && body !== null && 'result' in body && typeof body.result === 'string',
    },
  ],
  token: 'none',
  basic: false,
};
