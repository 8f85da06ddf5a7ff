import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@oncall/config';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningService, startService } from '../src/start';

const ADMIN_PASSWORD = 'query-validation-admin';

/** The Debian packages' binaries, which CI installs. */
function binary(name: string): string | undefined {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
const PROMETHEUS = binary('prometheus');
const VICTORIA_METRICS = binary('victoria-metrics');
const INSTALLED = PROMETHEUS !== undefined && VICTORIA_METRICS !== undefined;
if (!INSTALLED && process.env.CI) {
  throw new Error('CI must install the prometheus and victoria-metrics packages (.ci/run)');
}

/**
 * A rule's query is checked by its data source when it is saved: PromQL that does not parse is a
 * 422 at `queryText` with the real Prometheus' and VictoriaMetrics' own parser message (Debian's
 * Prometheus 2.42 has no `/api/v1/parse_query`, VictoriaMetrics neither: both are asked with a
 * one-shot query); an Elasticsearch query string at `queryString`, from a fake speaking
 * `_validate/query`; a source that cannot be reached saves the rule with a warning.
 */
describe.skipIf(!INSTALLED)('a rule query checked by its source on save', () => {
  let database: TestDatabase;
  let service: RunningService | undefined;
  let base = '';
  let workDir = '';
  let accessToken = '';
  let promUrl = '';
  let vmUrl = '';
  let elastic: Server;
  let elasticUrl = '';
  const elasticBodies: unknown[] = [];
  const children: ChildProcess[] = [];

  const freePort = async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    return port;
  };
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const post = (path: string, body: unknown) => send('POST', path, body);

  beforeAll(async () => {
    database = await createTestDatabase();
    workDir = mkdtempSync(join(tmpdir(), 'oncall-query-validation-'));
    writeFileSync(join(workDir, 'prometheus.yml'), 'global:\n  scrape_interval: 15s\n');
    const promPort = await freePort();
    children.push(
      spawn(
        PROMETHEUS ?? '',
        [
          `--config.file=${join(workDir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${join(workDir, 'tsdb')}`,
          `--web.listen-address=127.0.0.1:${promPort}`,
        ],
        { stdio: 'ignore' },
      ),
    );
    const vmPort = await freePort();
    children.push(
      spawn(
        VICTORIA_METRICS ?? '',
        [`-storageDataPath=${join(workDir, 'vm')}`, `-httpListenAddr=127.0.0.1:${vmPort}`],
        { stdio: 'ignore' },
      ),
    );
    promUrl = `http://127.0.0.1:${promPort}`;
    vmUrl = `http://127.0.0.1:${vmPort}`;
    // Elasticsearch as documented at
    // https://www.elastic.co/guide/en/elasticsearch/reference/current/search-validate.html:
    // `POST /{index}/_validate/query?explain=true` answers 200 with `valid` and, per index, the
    // parser's `error` for a query it refuses.
    elastic = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        if (request.method !== 'POST' || !request.url?.startsWith('/logs-*/_validate/query?explain=true')) {
          response.statusCode = 404;
          response.end('{"error":{"type":"not_found","reason":"no such route"},"status":404}');
          return;
        }
        const body = JSON.parse(text);
        elasticBodies.push(body);
        const query: string = body.query.query_string.query;
        const shards = { total: 1, successful: 1, failed: 0 };
        response.end(
          JSON.stringify(
            query.includes('(')
              ? {
                  valid: false,
                  _shards: shards,
                  explanations: [
                    {
                      index: 'logs-1',
                      valid: false,
                      error: `[logs-1/abc] QueryShardException[Failed to parse query [${query}]]; nested: ParseException[Cannot parse '${query}': Encountered "<EOF>"];`,
                    },
                  ],
                }
              : {
                  valid: true,
                  _shards: shards,
                  explanations: [{ index: 'logs-1', valid: true, explanation: `message:${query}` }],
                },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => elastic.listen(0, '127.0.0.1', resolve));
    elasticUrl = `http://127.0.0.1:${(elastic.address() as AddressInfo).port}`;

    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: join(workDir, 'data'),
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD,
    };
    if (database.target.kind === 'postgres') env.DATABASE_URL = database.target.url;
    service = await startService(loadConfig(env));
    await service.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
    const login = await post('/api/v1/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    accessToken = (await login.json()).accessToken;
    // Both binaries answer queries before the tests ask them to check one.
    await vi.waitFor(
      async () => {
        for (const url of [promUrl, vmUrl])
          expect((await fetch(`${url}/api/v1/query?query=1`)).status).toBe(200);
      },
      { timeout: 30_000, interval: 200 },
    );
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await service?.stop();
    await new Promise((resolve) => elastic?.close(resolve));
    await database.dispose();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  const source = async (name: string, type: string, url: string) => {
    const created = await post('/api/v1/data-source', { name, type, url });
    expect(created.status).toBe(201);
    return (await created.json()).id as string;
  };
  const textRule = (name: string, dataSourceId: string, queryText: string) =>
    post('/api/v1/alert-rule', {
      type: 'prometheus',
      name,
      queryType: 'textQuery',
      queryText,
      queryObject: { interval: '1m', timeout: '2s' },
      dataSourceIds: [dataSourceId],
    });

  it('refuses PromQL the real Prometheus and VictoriaMetrics cannot parse, with their messages', async () => {
    const prom = await source('real prometheus', 'prometheus', promUrl);
    const vm = await source('real victoria', 'prometheus', vmUrl);

    const fromProm = await textRule('bad on prometheus', prom, 'up ==');
    expect(fromProm.status).toBe(422);
    const promError = await fromProm.json();
    expect(promError.errors.queryText[0]).toContain('real prometheus');
    expect(promError.errors.queryText[0]).toContain('parse error: unexpected end of input');

    const fromVm = await textRule('bad on victoria', vm, 'up ==');
    expect(fromVm.status).toBe(422);
    const vmError = await fromVm.json();
    expect(vmError.errors.queryText[0]).toContain('real victoria');
    expect(vmError.errors.queryText[0]).toContain('unparsed data');

    // Nothing was saved.
    const list = await (
      await fetch(`${base}/api/v1/alert-rule?perPage=100`, {
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).json();
    expect(JSON.stringify(list)).not.toContain('bad on');

    // A valid query saves on both, with nothing to warn of.
    for (const [name, id] of [
      ['good on prometheus', prom],
      ['good on victoria', vm],
    ] as const) {
      const saved = await textRule(name, id, 'sum(up) == 0');
      expect(saved.status).toBe(200);
      const rule = await saved.json();
      expect(rule.queryText).toBe('sum(up) == 0');
      expect(rule.warnings).toBeUndefined();
    }

    // An update to a query the source refuses is refused too, and the rule keeps its query.
    const rule = await (await textRule('edited on prometheus', prom, 'up')).json();
    const edit = await send('PUT', `/api/v1/alert-rule/${rule.id}`, { queryText: 'rate(up[5m]' });
    expect(edit.status).toBe(422);
    expect((await edit.json()).errors.queryText[0]).toContain('parse error');
  });

  it('saves a rule whose source cannot be reached, with a warning', async () => {
    const down = await source('down prometheus', 'prometheus', `http://127.0.0.1:${await freePort()}`);
    const started = Date.now();
    const saved = await textRule('on a source that is down', down, 'up ==');
    expect(saved.status).toBe(200);
    const rule = await saved.json();
    expect(rule.warnings).toEqual([
      {
        code: 'query_not_validated',
        message: expect.stringContaining('"down prometheus" could not check the query'),
      },
    ]);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The warning belongs to that answer: a read has none.
    const read = await (
      await fetch(`${base}/api/v1/alert-rule/${rule.id}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).json();
    expect(read.warnings).toBeUndefined();
  });

  it('refuses an Elasticsearch query string _validate/query explains as invalid', async () => {
    const es = await source('fake elastic', 'elastic', elasticUrl);
    const rule = (queryString: string, name: string) =>
      post('/api/v1/alert-rule', {
        type: 'elastic',
        name,
        dataSourceId: es,
        dataviewName: 'logs-*',
        queryString,
        minutes: 5,
        conditionType: 'greaterOrEqual',
        countDocument: 1,
      });
    const bad = await rule('status:(500', 'bad elastic');
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.queryString[0]).toContain("Cannot parse 'status:(500'");
    const good = await rule('status:500', 'good elastic');
    expect(good.status).toBe(200);
    expect((await good.json()).warnings).toBeUndefined();
    expect(elasticBodies.at(-1)).toEqual({ query: { query_string: { query: 'status:500' } } });
  });
});
