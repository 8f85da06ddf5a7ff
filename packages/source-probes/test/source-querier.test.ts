import {
  type MonitoringRequest,
  type RecordingHttpServer,
  startFakeMonitoringSystem,
  textReply,
} from '@oncall/fakes';
import { type SourceConnection, SourceQueryError } from '@oncall/plugin-sdk';
import prometheus from '@oncall/source-prometheus';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSourceQuerier } from '../src';

const TIMEOUT_MS = 300;

describe('source querier', () => {
  let fake: RecordingHttpServer<MonitoringRequest>;
  let source: SourceConnection;
  const querier = createSourceQuerier({ timeoutMs: TIMEOUT_MS });

  beforeEach(async () => {
    fake = await startFakeMonitoringSystem('prometheus');
    source = { id: 'id', name: 'prom', type: 'prometheus', url: fake.url, apiToken: 'tok' };
  });
  afterEach(() => fake.close());

  it('adds the credentials as the probe plan says, and none without a plan', async () => {
    const withPlan = await querier.query({ connection: source, plan: prometheus.probe }, async (s, ctx) => {
      await (await ctx.fetch(new URL('/api/v1/labels', s.url))).json();
      return 'done';
    });
    expect(withPlan).toEqual({ ok: true, value: 'done' });
    expect(fake.requests.at(-1)?.authorization).toBe('Bearer tok');
    await querier.query(
      { connection: source },
      async (s, ctx) => (await ctx.fetch(`${s.url}/api/v1/labels`)).ok,
    );
    expect(fake.requests.at(-1)?.authorization).toBeUndefined();
  });

  it('keeps every request to the data source origin', async () => {
    const result = await querier.query({ connection: source, plan: prometheus.probe }, (_s, ctx) =>
      ctx.fetch('http://127.0.0.2:9/steal'),
    );
    expect(result).toEqual({
      ok: false,
      reason: "Refused a request to http://127.0.0.2:9: not the data source's address.",
    });
  });

  it('refuses a redirect instead of following it with the credentials', async () => {
    fake.replyNext(textReply(302, '', { location: 'https://elsewhere.example.com/login' }));
    const result = await querier.query({ connection: source, plan: prometheus.probe }, (s, ctx) =>
      ctx.fetch(`${s.url}/api/v1/labels`),
    );
    expect(result).toEqual({
      ok: false,
      reason:
        'Redirected from /api/v1/labels to https://elsewhere.example.com/login; enter the address it redirects to.',
    });
    expect(fake.requests.length).toBe(1);
  });

  it('gives up on a hook that ignores its signal, at the limit', async () => {
    const started = Date.now();
    const result = await querier.query({ connection: source }, () => new Promise<never>(() => undefined));
    expect(result).toEqual({ ok: false, reason: `No answer within ${TIMEOUT_MS / 1000} s.` });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 500);
  });

  it("reports a plugin's own words, and refuses link-local addresses", async () => {
    const words = await querier.query({ connection: source }, () => {
      throw new SourceQueryError('Zabbix refused host.get: Not authorized.');
    });
    expect(words).toEqual({ ok: false, reason: 'Zabbix refused host.get: Not authorized.' });
    const metadata = await querier.query(
      { connection: { ...source, url: 'http://169.254.169.254' } },
      (s, ctx) => ctx.fetch(`${s.url}/latest/meta-data`),
    );
    expect(metadata.ok === false && metadata.reason).toMatch(/^Refused to connect to 169\.254\.169\.254/);
  });
});
