import { createServer } from 'node:net';
import type { DataSourceProbeTarget } from '@oncall/core';
import {
  type FAKE_MONITORING_SYSTEM_TYPES,
  hangReply,
  jsonReply,
  type MonitoringRequest,
  type RecordingHttpServer,
  resetReply,
  startFakeMonitoringSystem,
  textReply,
} from '@oncall/fakes';
import type { ProbePlan } from '@oncall/plugin-sdk';
import elastic from '@oncall/source-elastic';
import grafana from '@oncall/source-grafana';
import metabase from '@oncall/source-metabase';
import pmm from '@oncall/source-pmm';
import prometheus from '@oncall/source-prometheus';
import sentry from '@oncall/source-sentry';
import splunk from '@oncall/source-splunk';
import victoriaLogs from '@oncall/source-victoria-logs';
import zabbix from '@oncall/source-zabbix';
import { afterEach, describe, expect, it } from 'vitest';
import { createSourceProber } from '../src';

/** The check each built-in source plugin declares, as the core hands it over with the target. */
const PLANS = new Map(
  [prometheus, grafana, pmm, sentry, splunk, metabase, zabbix, elastic, victoriaLogs].map(
    (plugin) => [plugin.dataSourceType, plugin.probe] as const,
  ),
);

type DataSourceType = (typeof FAKE_MONITORING_SYSTEM_TYPES)[number];

function planOf(type: DataSourceType): ProbePlan {
  const plan = PLANS.get(type);
  if (plan === undefined) throw new Error(`no probe for ${type}`);
  return plan;
}

const target = (type: DataSourceType, url: string, extra: Partial<DataSourceProbeTarget> = {}) => ({
  type,
  plan: planOf(type),
  url,
  username: null,
  password: null,
  apiToken: null,
  ...extra,
});

/** A port that was free a moment ago: nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

describe('createSourceProber', () => {
  const prober = createSourceProber();
  const servers: RecordingHttpServer<MonitoringRequest>[] = [];
  const fake = async (type: DataSourceType) => {
    const server = await startFakeMonitoringSystem(type);
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it.each([
    ['prometheus', ['/api/v1/status/buildinfo']],
    ['victoria_logs', ['/api/v1/status/buildinfo', '/-/healthy']],
    ['pmm', ['/api/v1/status/buildinfo', '/-/healthy', '/v1/readyz']],
    ['grafana', ['/api/health']],
    ['elastic', ['/']],
    ['zabbix', ['/api_jsonrpc.php']],
    ['sentry', ['/api/0/']],
    ['splunk', ['/services/server/info']],
    ['metabase', ['/api/health']],
  ] as const)('connects to %s, asking %j', async (type, paths) => {
    const server = await fake(type);
    const result = await prober.probe(target(type, server.url));
    expect(result.isConnected).toBe(true);
    expect(server.requests.map((request) => request.path)).toEqual(paths);
  });

  it('keeps a base path and sends Splunk its output mode', async () => {
    const server = await fake('splunk');
    await prober.probe(target('splunk', `${server.url}/`));
    expect(server.requests[0]?.query).toEqual({ output_mode: 'json' });
    const grafana = await fake('grafana');
    await prober.probe(target('grafana', `${grafana.url}/grafana`));
    expect(grafana.requests[0]?.path).toBe('/grafana/api/health');
  });

  it('calls Zabbix apiinfo.version without credentials, also when the URL names the endpoint', async () => {
    const server = await fake('zabbix');
    const result = await prober.probe(
      target('zabbix', `${server.url}/api_jsonrpc.php`, { apiToken: 'zbx-token', username: 'Admin' }),
    );
    expect(result.isConnected).toBe(true);
    expect(server.requests[0]?.authorization).toBeUndefined();
    expect(JSON.parse(server.requests[0]?.body ?? '')).toMatchObject({ method: 'apiinfo.version' });
  });

  it('is not connected when Zabbix answers 200 with a JSON-RPC error', async () => {
    const server = await fake('zabbix');
    server.replyNext(jsonReply(200, { jsonrpc: '2.0', error: { code: -32602, message: 'Invalid params.' } }));
    expect(await prober.probe(target('zabbix', server.url))).toEqual({
      isConnected: false,
      message: 'Unexpected answer from /api_jsonrpc.php.',
    });
  });

  it.each([
    ['sentry', { apiToken: 'sntrys_abc' }, 'authorization', 'Bearer sntrys_abc'],
    ['elastic', { apiToken: 'ZWxhc3RpYw==' }, 'authorization', 'ApiKey ZWxhc3RpYw=='],
    ['metabase', { apiToken: 'mb_key' }, 'apiKey', 'mb_key'],
    ['splunk', { username: 'admin', password: 'changeme' }, 'authorization', 'Basic YWRtaW46Y2hhbmdlbWU='],
    [
      'prometheus',
      { apiToken: 'prom-token', username: 'u', password: 'p' },
      'authorization',
      'Bearer prom-token',
    ],
  ] as const)('authenticates to %s with %j', async (type, credentials, header, expected) => {
    const server = await fake(type);
    await prober.probe(target(type, server.url, credentials));
    expect(server.requests[0]?.[header]).toBe(expected);
  });

  it('sends no basic authentication where the product takes only a token', async () => {
    const server = await fake('sentry');
    await prober.probe(target('sentry', server.url, { username: 'u', password: 'p' }));
    expect(server.requests[0]?.authorization).toBeUndefined();
  });

  it('is not connected on a non-2xx answer, and says which', async () => {
    const server = await fake('grafana');
    server.replyNext(textReply(500, 'boom'));
    expect(await prober.probe(target('grafana', server.url))).toEqual({
      isConnected: false,
      message: 'HTTP 500 from /api/health.',
    });
    server.replyNext(jsonReply(401, { message: 'Unauthorized' }));
    expect((await prober.probe(target('grafana', server.url))).isConnected).toBe(false);
  });

  it('reports the last path tried when no fallback answers', async () => {
    const server = await fake('grafana');
    expect(await prober.probe(target('pmm', server.url))).toEqual({
      isConnected: false,
      message: 'HTTP 404 from /v1/readyz.',
    });
  });

  it('stops at a dropped connection instead of trying the other paths', async () => {
    const server = await fake('prometheus');
    server.replyNext(resetReply);
    expect((await prober.probe(target('prometheus', server.url))).isConnected).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('is not connected when nothing listens', async () => {
    const port = await closedPort();
    expect(await prober.probe(target('metabase', `http://127.0.0.1:${port}`))).toEqual({
      isConnected: false,
      message: 'Could not connect: ECONNREFUSED.',
    });
  });

  it('gives up after its timeout when the source never answers', async () => {
    const server = await fake('grafana');
    server.replyNext(hangReply);
    const quick = createSourceProber({ timeoutMs: 200 });
    expect(await quick.probe(target('grafana', server.url))).toEqual({
      isConnected: false,
      message: 'No answer within 0.2 s.',
    });
  });

  it('refuses the cloud metadata address without connecting', async () => {
    const result = await prober.probe(target('elastic', 'http://169.254.169.254'));
    expect(result.isConnected).toBe(false);
    expect(result.message).toMatch(/^Refused to connect to 169\.254\.169\.254/);
  });

  it('reports a redirect instead of following it, so credentials stay where they were sent', async () => {
    const server = await fake('metabase');
    server.replyNext(textReply(302, '', { location: 'http://169.254.169.254/latest/meta-data/' }));
    const result = await prober.probe(target('metabase', server.url, { apiToken: 'mb_key' }));
    expect(result).toEqual({
      isConnected: false,
      message:
        'Redirected from /api/health to http://169.254.169.254/latest/meta-data/; enter the address it redirects to.',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('reports a relative redirect as an absolute address, without trying other paths', async () => {
    const server = await fake('prometheus');
    server.replyNext(textReply(301, '', { location: '/prometheus/api/v1/status/buildinfo' }));
    const result = await prober.probe(target('prometheus', server.url));
    expect(result.message).toBe(
      `Redirected from /api/v1/status/buildinfo to ${server.url}/prometheus/api/v1/status/buildinfo; enter the address it redirects to.`,
    );
    expect(server.requests).toHaveLength(1);
  });
});
