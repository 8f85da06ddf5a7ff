import type { FastifyInstance } from 'fastify';
import { GRAPHIQL_ASSET_NAMES, GRAPHIQL_START_SCRIPT, type GraphiqlAssetName } from './graphiql-page';

interface GraphiqlAsset {
  contentType: string;
  body: string | Buffer;
}

/**
 * Serves GraphiQL's files under `assetsPath` from the installed `@graphql-yoga/render-graphiql`
 * package (its bundle, stylesheet and icon, which Yoga's own page loads from a CDN), so the page
 * works with no network and loads nothing from a third party. The package (2 MB of text) is read
 * only where GraphiQL is served.
 */
export async function registerGraphiqlAssets(app: FastifyInstance, assetsPath: string): Promise<void> {
  const bundle = await import('@graphql-yoga/render-graphiql/graphiql');
  const assets: Record<GraphiqlAssetName, GraphiqlAsset> = {
    'graphiql.css': { contentType: 'text/css; charset=utf-8', body: bundle.css },
    'graphiql.js': { contentType: 'text/javascript; charset=utf-8', body: bundle.js },
    'start.js': { contentType: 'text/javascript; charset=utf-8', body: GRAPHIQL_START_SCRIPT },
    'favicon.ico': { contentType: 'image/x-icon', body: dataUrlBytes(bundle.favicon) },
  };
  for (const name of GRAPHIQL_ASSET_NAMES) {
    const { contentType, body } = assets[name];
    app.get(`${assetsPath}/${name}`, (_request, reply) =>
      reply
        .header('content-type', contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(body),
    );
  }
}

/** The bytes of a base64 `data:` URL (the package ships its icon as one). */
function dataUrlBytes(url: string): Buffer {
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}
