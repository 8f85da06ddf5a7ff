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

  it('runs the engine workers unless ENGINE_WORKERS=false, which needs PostgreSQL', () => {
    const postgres = { DATABASE_URL: 'postgres://root@127.0.0.1:5432/oncall', DATA_DIR: tempDir() };
    expect(loadConfig(postgres).delivery.runWorkers).toBe(true);
    expect(loadConfig({ ...postgres, ENGINE_WORKERS: 'false' }).delivery.runWorkers).toBe(false);
    expect(() => loadConfig({ ENGINE_WORKERS: 'false', DATA_DIR: tempDir() })).toThrowError(
      /ENGINE_WORKERS: false needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...postgres, ENGINE_WORKERS: 'no' })).toThrowError(/ENGINE_WORKERS/);
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
