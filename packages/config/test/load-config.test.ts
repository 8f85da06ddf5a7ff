import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/index';

const tempDir = () => mkdtempSync(join(tmpdir(), 'oncall-config-'));

describe('loadConfig', () => {
  it('runs embedded with generated, persisted dev secrets when nothing is set', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.database).toEqual({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    expect(first.encryptionKey).toHaveLength(32);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.http).toMatchObject({ host: '127.0.0.1', port: 3000 });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets', 'dev-secrets.json'), 'utf8'))).toHaveProperty(
      'jwtSecret',
      first.jwtSecret,
    );
  });

  it('selects PostgreSQL with DATABASE_URL and accepts hex keys', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://root@127.0.0.1:5432/oncall',
      ENCRYPTION_KEY: 'ab'.repeat(32),
      JWT_SECRET: 'x'.repeat(40),
      PORT: '8080',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://root@127.0.0.1:5432/oncall' });
    expect(config.encryptionKey.toString('hex')).toBe('ab'.repeat(32));
    expect(config.http.port).toBe(8080);
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const variables = (error as ConfigError).problems.map((p) => p.variable).sort();
      expect(variables).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
      expect((error as Error).message).toContain('PORT');
    }
  });

  it('lists the plugin packages of CHANNEL_PLUGINS and SOURCE_PLUGINS, none by default', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).plugins).toEqual({ channelPackages: [], sourcePackages: [] });
    const config = loadConfig({
      DATA_DIR: tempDir(),
      CHANNEL_PLUGINS: '@acme/oncall-channel-ntfy',
      SOURCE_PLUGINS: ' @acme/oncall-source-uptime-kuma , oncall-source-checkly,,',
    });
    expect(config.plugins).toEqual({
      channelPackages: ['@acme/oncall-channel-ntfy'],
      sourcePackages: ['@acme/oncall-source-uptime-kuma', 'oncall-source-checkly'],
    });
  });

  it('runs the engine workers unless ENGINE_WORKERS=false, which needs PostgreSQL', () => {
    const postgres = { DATABASE_URL: 'postgres://root@127.0.0.1:5432/oncall', DATA_DIR: tempDir() };
    expect(loadConfig(postgres).delivery.runWorkers).toBe(true);
    expect(loadConfig({ ...postgres, ENGINE_WORKERS: 'false' }).delivery.runWorkers).toBe(false);
    expect(loadConfig(postgres).delivery.directDispatch).toBe(true);
    expect(loadConfig({ ...postgres, ENGINE_DIRECT_DISPATCH: 'false' }).delivery.directDispatch).toBe(false);
    expect(() => loadConfig({ ENGINE_WORKERS: 'false', DATA_DIR: tempDir() })).toThrowError(
      /ENGINE_WORKERS: false needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...postgres, ENGINE_WORKERS: 'no' })).toThrowError(/ENGINE_WORKERS/);
  });

  it('runs on Temporal when TEMPORAL_ADDRESS is set, defaulting the namespace and task queue', () => {
    const base = { DATA_DIR: tempDir() };
    expect(loadConfig(base).temporal).toBeUndefined();
    expect(loadConfig({ ...base, TEMPORAL_ADDRESS: 'temporal:7233' }).temporal).toEqual({
      address: 'temporal:7233',
      namespace: 'default',
      taskQueue: 'oncall',
    });
    expect(
      loadConfig({
        ...base,
        TEMPORAL_ADDRESS: '[::1]:7233',
        TEMPORAL_NAMESPACE: 'oncall-prod',
        TEMPORAL_TASK_QUEUE: 'pages',
      }).temporal,
    ).toEqual({ address: '[::1]:7233', namespace: 'oncall-prod', taskQueue: 'pages' });
  });

  it.each([
    'localhost', // no port
    'http://temporal:7233', // a URL, not an address
    'temporal:0',
    'temporal:70000',
    'tem poral:7233',
  ])('refuses TEMPORAL_ADDRESS=%j, which is not host:port', (address) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), TEMPORAL_ADDRESS: address })).toThrowError(
      /TEMPORAL_ADDRESS: (must be host:port|port must be 1-65535)/,
    );
  });

  it('lets acknowledge links live a week unless ACK_LINK_TTL_SECONDS says otherwise', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).auth.ackLinkTtlSeconds).toBe(7 * 24 * 3600);
    expect(loadConfig({ DATA_DIR: dataDir, ACK_LINK_TTL_SECONDS: '3600' }).auth.ackLinkTtlSeconds).toBe(3600);
    expect(() => loadConfig({ DATA_DIR: dataDir, ACK_LINK_TTL_SECONDS: '0' })).toThrowError(
      /ACK_LINK_TTL_SECONDS/,
    );
  });

  it('takes TRUST_PROXY as false, true, a hop count or proxy addresses and CIDRs', () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: tempDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).http
        .trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 10.1.0.0/16,fd00::/8, loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['yes', '10.0.0.1/33', '10.0.0.1,,10.0.0.2', 'proxy.local', '-1', '::1/129']) {
      expect(() => trust(bad), bad).toThrowError(/TRUST_PROXY/);
    }
  });

  it('caps the Retry-After a page waits for at 60 s unless DELIVERY_MAX_RETRY_AFTER_SECONDS says otherwise', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).delivery.maxRetryAfterSeconds).toBe(60);
    const set = { DATA_DIR: dataDir, DELIVERY_MAX_RETRY_AFTER_SECONDS: '300' };
    expect(loadConfig(set).delivery.maxRetryAfterSeconds).toBe(300);
    expect(() => loadConfig({ ...set, DELIVERY_MAX_RETRY_AFTER_SECONDS: '-1' })).toThrowError(
      /DELIVERY_MAX_RETRY_AFTER_SECONDS/,
    );
  });

  it('bounds every wait on the database, with defaults, and 0 turning a PostgreSQL limit off', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.databaseTimeouts).toEqual({
      connectMs: 5000,
      statementMs: 30_000,
      lockMs: 10_000,
      idleInTransactionMs: 60_000,
    });
    expect(config.ingestion.fireQueue).toEqual({ maxWaiting: 2000, maxWaitMs: 5000 });
    expect(config.http).toMatchObject({ requestTimeoutMs: 30_000, readinessTimeoutMs: 2000 });
    const set = loadConfig({
      DATA_DIR: tempDir(),
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_CONNECT_TIMEOUT_MS: '750',
      INGEST_FIRE_QUEUE_MAX: '10',
      INGEST_FIRE_QUEUE_WAIT_MS: '250',
      READINESS_TIMEOUT_MS: '300',
    });
    expect(set.databaseTimeouts).toMatchObject({ connectMs: 750, statementMs: 0 });
    expect(set.ingestion.fireQueue).toEqual({ maxWaiting: 10, maxWaitMs: 250 });
    expect(set.http.readinessTimeoutMs).toBe(300);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DB_CONNECT_TIMEOUT_MS: '0' })).toThrowError(
      /DB_CONNECT_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), DB_LOCK_TIMEOUT_MS: '-1' })).toThrowError(
      /DB_LOCK_TIMEOUT_MS/,
    );
  });

  it('protects /metrics only with a METRICS_TOKEN of 16 characters or more', () => {
    const base = { DATABASE_URL: 'postgres://root@127.0.0.1:5432/oncall', DATA_DIR: tempDir() };
    expect(loadConfig(base).http.metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: 'm'.repeat(16) }).http.metricsToken).toBe('m'.repeat(16));
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrowError(/METRICS_TOKEN/);
  });

  it('caps endpoints per rule at 50 unless MAX_ENDPOINTS_PER_RULE says otherwise (1 to 1000)', () => {
    const base = { DATABASE_URL: 'postgres://root@127.0.0.1:5432/oncall', DATA_DIR: tempDir() };
    expect(loadConfig(base).maxEndpointsPerRule).toBe(50);
    expect(loadConfig({ ...base, MAX_ENDPOINTS_PER_RULE: '10' }).maxEndpointsPerRule).toBe(10);
    for (const bad of ['0', '1001', 'many']) {
      expect(() => loadConfig({ ...base, MAX_ENDPOINTS_PER_RULE: bad })).toThrowError(
        /MAX_ENDPOINTS_PER_RULE/,
      );
    }
  });

  it('caps live streams at 10 per user and 1000 in all unless LIVE_STREAMS_PER_USER and LIVE_STREAMS_MAX say otherwise', () => {
    const base = { DATABASE_URL: 'postgres://root@127.0.0.1:5432/oncall', DATA_DIR: tempDir() };
    expect(loadConfig(base).liveStreams).toEqual({ perUser: 10, total: 1000 });
    expect(loadConfig({ ...base, LIVE_STREAMS_PER_USER: '3', LIVE_STREAMS_MAX: '50' }).liveStreams).toEqual({
      perUser: 3,
      total: 50,
    });
    for (const bad of ['0', '-1', 'many']) {
      expect(() => loadConfig({ ...base, LIVE_STREAMS_PER_USER: bad })).toThrowError(/LIVE_STREAMS_PER_USER/);
      expect(() => loadConfig({ ...base, LIVE_STREAMS_MAX: bad })).toThrowError(/LIVE_STREAMS_MAX/);
    }
  });

  it('never generates secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrowError(
      /ENCRYPTION_KEY: required in production[\s\S]*JWT_SECRET: required in production/,
    );
  });

  it('turns GraphQL introspection off in production unless GRAPHQL_INTROSPECTION=true', () => {
    const production = {
      NODE_ENV: 'production',
      ENCRYPTION_KEY: 'ab'.repeat(32),
      JWT_SECRET: 'x'.repeat(40),
      DATA_DIR: tempDir(),
    };
    expect(loadConfig(production).graphql.introspection).toBe(false);
    expect(loadConfig({ ...production, GRAPHQL_INTROSPECTION: 'true' }).graphql.introspection).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir() }).graphql.introspection).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), GRAPHQL_INTROSPECTION: 'false' }).graphql.introspection).toBe(
      false,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), GRAPHQL_INTROSPECTION: 'yes' })).toThrowError(
      /GRAPHQL_INTROSPECTION/,
    );
  });

  it('rejects an encryption key of the wrong size', () => {
    expect(() => loadConfig({ ENCRYPTION_KEY: 'c2hvcnQ=', JWT_SECRET: 'x'.repeat(40) })).toThrowError(
      /ENCRYPTION_KEY/,
    );
  });
});
