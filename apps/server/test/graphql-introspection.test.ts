import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@oncall/config';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../src/start';

const INTROSPECTION = { query: '{ __schema { queryType { name } } }' };

describe('GraphQL introspection as configured', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oncall-introspection-'));
  let database: TestDatabase;
  // The test database's PostgreSQL when there is one; else embedded PGlite on disk, as in production.
  const where = () => (database.target.kind === 'postgres' ? { DATABASE_URL: database.target.url } : {});
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const production = () => ({
    ...where(),
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ENCRYPTION_KEY: 'ab'.repeat(32),
    JWT_SECRET: 'x'.repeat(40),
    ADMIN_PASSWORD: 'admin-password-1',
  });

  it('is refused in production, and answered there when GRAPHQL_INTROSPECTION=true', {
    timeout: 120_000,
  }, async () => {
    const closed = await startService(loadConfig(production()));
    try {
      const refused = await closed.app.inject({ method: 'POST', url: '/graphql', payload: INTROSPECTION });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].extensions.code).toBe('INTROSPECTION_DISABLED');
    } finally {
      await closed.stop();
    }

    const open = await startService(loadConfig({ ...production(), GRAPHQL_INTROSPECTION: 'true' }));
    try {
      const answered = await open.app.inject({ method: 'POST', url: '/graphql', payload: INTROSPECTION });
      expect(answered.statusCode).toBe(200);
      expect(answered.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    } finally {
      await open.stop();
    }
  });
});
