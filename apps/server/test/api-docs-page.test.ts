import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/** The script and style sheet addresses an HTML page loads. */
function assetsOf(html: string): string[] {
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1] ?? '');
  const sheets = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  return [...scripts, ...sheets];
}

describe('the REST API documentation page', () => {
  let h: TestApp;

  beforeAll(async () => {
    h = await createTestApp();
  });
  afterAll(() => h.dispose());

  for (const path of ['/api/v1/docs', '/api/v1/docs/']) {
    it(`serves ${path} with every script and style from this server`, async () => {
      const page = await h.call('GET', path);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const assets = assetsOf(page.body);
      expect(assets.length).toBeGreaterThanOrEqual(4);
      for (const asset of assets) {
        expect(asset, 'no other host').not.toMatch(/^(https?:)?\/\//);
        const url = new URL(asset, `http://localhost${path}`).pathname;
        const answer = await h.call('GET', url);
        expect(answer.statusCode, url).toBe(200);
        expect(answer.body.length, url).toBeGreaterThan(0);
      }
    });
  }

  it('allows exactly what the page loads, from this server, in its content security policy', async () => {
    const page = await h.call('GET', '/api/v1/docs');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/https?:/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    const initializer = await h.call('GET', '/api/v1/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).not.toMatch(/validator\.swagger\.io|unpkg|jsdelivr|cdn/i);
    expect(initializer.body).toContain("resolveUrl('./json')");
  });

  it('reads the same document as /api/v1/openapi.json', async () => {
    const viewer = await h.call('GET', '/api/v1/docs/json');
    const document = await h.call('GET', '/api/v1/openapi.json');
    expect(viewer.statusCode).toBe(200);
    expect(viewer.json()).toEqual(document.json());
  });

  it('offers no other method on the page: reading it changes nothing', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      expect((await h.call(method, '/api/v1/docs', { body: {} })).statusCode).toBe(404);
    }
  });
});
