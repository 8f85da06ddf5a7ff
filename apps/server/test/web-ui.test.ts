import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestCore } from '@oncall/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/build-app';
import { createServerTestCore } from './support/test-app';

/** A build as `vite build` lays it out: the page with its placeholders, hashed files under assets/. */
function fakeWebBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-ui-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><base href="/" /><meta property="csp-nonce" nonce="ONCALL_CSP_NONCE" />' +
      '<script type="module" crossorigin src="./assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(root, 'assets', 'index-Ab12Cd34.js'), 'console.log("ui");');
  writeFileSync(join(root, 'color-scheme.js'), 'void 0;');
  return root;
}

describe('the web UI served by the server', () => {
  let t: TestCore;
  let root: string;
  const apps: FastifyInstance[] = [];

  const appWith = async (publicUrl?: string) => {
    const app = await buildApp({
      core: t.core,
      ping: t.database.db.ping,
      logLevel: 'silent',
      bodyLimitBytes: 64 * 1024,
      trustProxy: false,
      publicUrl,
      webUiRoot: root,
    });
    apps.push(app);
    return app;
  };
  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  beforeAll(async () => {
    t = await createServerTestCore();
    root = fakeWebBuild();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the page at / uncached, under a strict policy with a fresh style nonce each time', async () => {
    const app = await appWith();
    const first = await app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(first.body).toContain(`nonce="${nonce}"`);
    expect(first.body).not.toContain('ONCALL_CSP_NONCE');
    expect(first.body).toContain('<base href="/" />');
    const second = await app.inject({ method: 'GET', url: '/' });
    expect(second.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
  });

  it('caches hashed assets for a year as immutable, and other files not at all', async () => {
    const app = await appWith();
    const asset = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const script = await app.inject({ method: 'GET', url: '/color-scheme.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('no-cache');
    // The raw template (its nonce placeholder) is never served as a file.
    const raw = await app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.body).not.toContain('ONCALL_CSP_NONCE');
    expect(
      (await app.inject({ method: 'GET', url: '/assets/missing-1234.js', headers: html })).statusCode,
    ).toBe(404);
  });

  it("answers a browser's deep link with the page, and an API client's unknown path with a 404", async () => {
    const app = await appWith();
    const deep = await app.inject({ method: 'GET', url: '/rules?state=critical', headers: html });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<div id="root">');
    const api = await app.inject({ method: 'GET', url: '/rules' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
    expect((await app.inject({ method: 'POST', url: '/rules', headers: html })).statusCode).toBe(404);
  });

  it.each([
    ['/api/v1/no-such-route', 404],
    ['/api/nothing', 404],
    ['/trpc/no.such.procedure', 404],
    ['/trpc', 404],
    ['/graphql', 200],
    ['/ack/not-a-token', 404],
    ['/metrics', 200],
    ['/healthz', 200],
    ['/readyz', 200],
  ])('never shadows %s, even for a browser', async (url, status) => {
    const app = await appWith();
    const answer = await app.inject({ method: 'GET', url, headers: html });
    expect(answer.body).not.toContain('<div id="root">');
    expect(answer.statusCode).toBe(status);
  });

  it('adds nothing of its own to the OpenAPI document', async () => {
    const app = await appWith();
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('works under the sub-path of PUBLIC_URL, whether the proxy strips the path or not', async () => {
    const app = await appWith('https://alerts.example.org/oncall/');
    const page = await app.inject({ method: 'GET', url: '/oncall/', headers: html });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<base href="/oncall/" />');
    const bare = await app.inject({ method: 'GET', url: '/oncall', headers: html });
    expect(bare.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/oncall/rules/7', headers: html })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/oncall/assets/index-Ab12Cd34.js' })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'GET', url: '/oncall/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const api = await app.inject({ method: 'GET', url: '/oncall/api/v1/no-such-route', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('<div id="root">');
    // A path that only starts like the public path is not under it.
    expect((await app.inject({ method: 'GET', url: '/oncallx/healthz' })).statusCode).toBe(404);
  });
});
