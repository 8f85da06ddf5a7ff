import type { GraphiQLOptions } from 'graphql-yoga';

/**
 * The GraphiQL page's policy: scripts and styles from this server only (its own files, no inline
 * script), requests to this server only. GraphiQL's bundled stylesheet embeds its fonts and icons
 * as `data:` URLs, and its editor sets styles at run time, hence `data:` images and fonts and
 * inline styles; no script runs from anywhere else, and the page cannot be framed.
 */
export const GRAPHIQL_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The asset files the page loads, by their name under the page's `assetsPath`. */
export const GRAPHIQL_ASSET_NAMES = ['graphiql.css', 'graphiql.js', 'start.js', 'favicon.ico'] as const;

export type GraphiqlAssetName = (typeof GRAPHIQL_ASSET_NAMES)[number];

/**
 * The GraphiQL page: GraphiQL's bundle, its stylesheet and the script that starts it, all served
 * by this server under `assetsPath`. The options travel as JSON in a data block (no script runs
 * from the page itself, so the policy needs no hash or nonce).
 */
export function renderGraphiqlPage(assetsPath: string, options: GraphiQLOptions | undefined): string {
  const asset = (name: GraphiqlAssetName) => `${assetsPath}/${name}`;
  // `<` escaped, so no value can close the data block.
  const json = JSON.stringify(options ?? {}).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options?.title || 'GraphiQL')}</title>
    <link rel="icon" href="${asset('favicon.ico')}" />
    <link rel="stylesheet" href="${asset('graphiql.css')}" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>GraphiQL needs JavaScript.</noscript>
    <div id="root"></div>
    <script type="application/json" id="graphiql-options">${json}</script>
    <script src="${asset('graphiql.js')}"></script>
    <script src="${asset('start.js')}"></script>
  </body>
</html>
`;
}

/** Starts GraphiQL in the page's root with the page's options. */
export const GRAPHIQL_START_SCRIPT = `'use strict';
(function () {
  var options = JSON.parse(document.getElementById('graphiql-options').textContent || '{}');
  YogaGraphiQL.renderYogaGraphiQL(document.getElementById('root'), options);
})();
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
