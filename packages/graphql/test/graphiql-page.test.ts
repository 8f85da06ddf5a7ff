import { createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGraphql } from '../src/index';

const BROWSER = { accept: 'text/html,application/xhtml+xml' };

/** Every `src` and `href` attribute of `html`. */
const referencedUrls = (html: string) =>
  [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1]);

/** The directives of a Content-Security-Policy header, by name. */
const directives = (policy: string) =>
  new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );

describe('GraphiQL', () => {
  let t: TestCore;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerGraphql(app, { core: t.core, path: '/graphql', graphiql: true });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('is a page that loads its files from this server only', async () => {
    const page = await app.inject({ method: 'GET', url: '/graphql', headers: BROWSER });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const urls = referencedUrls(page.body);
    expect(urls).toEqual(
      expect.arrayContaining(['/graphql/graphiql/graphiql.js', '/graphql/graphiql/graphiql.css']),
    );
    for (const url of urls) expect(url).toMatch(/^\/[^/]/);
    expect(page.body).not.toMatch(/https?:\/\//);
  });

  it('runs no inline script, under a policy that allows scripts and requests to this server only', async () => {
    const page = await app.inject({ method: 'GET', url: '/graphql', headers: BROWSER });
    const policy = directives(String(page.headers['content-security-policy']));
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    for (const sources of policy.values()) {
      for (const source of sources) expect(source).toMatch(/^('[a-z-]+'|data:)$/);
    }
    // Every script element either loads a file of this server or is a data block.
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', content = ''] of scripts) {
      if (attributes.includes('type="application/json"')) continue;
      expect(attributes).toMatch(/src="\/graphql\/graphiql\//);
      expect(content.trim()).toBe('');
    }
  });

  it('serves every file the page references', async () => {
    const page = await app.inject({ method: 'GET', url: '/graphql', headers: BROWSER });
    const types: Record<string, RegExp> = {
      js: /^text\/javascript/,
      css: /^text\/css/,
      ico: /^image\/x-icon/,
    };
    for (const url of referencedUrls(page.body)) {
      const asset = await app.inject({ method: 'GET', url: url ?? '' });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['content-type'], url).toMatch(types[String(url?.split('.').pop())] ?? /^$/);
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.rawPayload.length, url).toBeGreaterThan(0);
    }
  });

  it('serves GraphiQL’s own bundle, the one the start script calls', async () => {
    const bundle = await app.inject({ method: 'GET', url: '/graphql/graphiql/graphiql.js' });
    const start = await app.inject({ method: 'GET', url: '/graphql/graphiql/start.js' });
    // Compared as booleans: a failed match would print megabytes of bundle.
    expect(bundle.body.includes('renderYogaGraphiQL')).toBe(true);
    expect(start.body.includes('YogaGraphiQL.renderYogaGraphiQL')).toBe(true);
  });

  it('is not served, nor its files, unless enabled', async () => {
    const closed = Fastify();
    await registerGraphql(closed, { core: t.core, path: '/graphql' });
    try {
      const page = await closed.inject({ method: 'GET', url: '/graphql', headers: BROWSER });
      expect(page.headers['content-type']).not.toMatch(/^text\/html/);
      expect((await closed.inject({ method: 'GET', url: '/graphql/graphiql/graphiql.js' })).statusCode).toBe(
        404,
      );
    } finally {
      await closed.close();
    }
  });
});
