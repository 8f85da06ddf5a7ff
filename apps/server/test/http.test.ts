import { createTestCore, type TestCore } from '@oncall/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/build-app';
import { requestSchemaOf } from './support/openapi-document';

describe('HTTP plumbing', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let databaseUp = true;

  beforeAll(async () => {
    t = await createTestCore();
    app = await buildApp({
      core: t.core,
      ping: async () => databaseUp,
      logLevel: 'silent',
      bodyLimitBytes: 1024,
      trustProxy: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('answers liveness, and readiness from the database', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    databaseUp = false;
    const down = await app.inject('/readyz');
    databaseUp = true;
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: false });
  });

  it('keeps a sane caller request id and makes one otherwise', async () => {
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(kept.headers['x-request-id']).toBe('trace-123');
    const replaced = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts requests and latencies per route template in Prometheus format', async () => {
    await app.inject('/api/v1/user/01890000-0000-7000-8000-000000000000');
    const metrics = await app.inject('/metrics');
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toContain(
      'http_requests_total{method="GET",route="/api/v1/user/:id",status="401"} 1',
    );
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/healthz",status="200"\} \d+/,
    );
    expect(metrics.body).toContain('process_cpu_user_seconds_total');
  });

  it('publishes an OpenAPI document generated from the zod schemas', async () => {
    const doc = (await app.inject('/api/v1/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    const schema = requestSchemaOf(doc, doc.paths['/api/v1/user'].post);
    expect(schema.required).toEqual(
      expect.arrayContaining(['username', 'name', 'password', 'confirmPassword', 'role']),
    );
    expect(schema.properties?.role?.enum).toEqual(['owner', 'manager', 'member']);
    expect(doc.paths['/api/v1/team/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path' });
    expect(doc.paths).not.toHaveProperty('/metrics');
  });

  it('refuses bodies over the limit with 413 and unknown routes with a JSON 404', async () => {
    const big = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'x'.repeat(2000), password: 'y' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
    const missing = await app.inject('/api/v1/nowhere');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Route not found.', code: 'not_found' });
  });
});
