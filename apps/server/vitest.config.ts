import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * graphql 16 ships CommonJS and ESM builds side by side; Pothos and Yoga load the one Node resolves,
 * so our sources must get the same one (see packages/graphql/vitest.config.ts). Embedded PGlite on
 * disk takes seconds to open, and a restart test opens it twice: hence the longer timeouts. The
 * SDK's example source, the ntfy fixture of test-plugins/ and the test fixtures (a pager channel, a
 * queried source, a polled source) stand for installed third-party packages, named as
 * SOURCE_PLUGINS and CHANNEL_PLUGINS name them.
 */
const graphqlEntry = createRequire(import.meta.url).resolve('graphql');
const exampleSource = fileURLToPath(
  new URL('../../packages/plugin-sdk/test/example/uptime-kuma-source.ts', import.meta.url),
);
const seriesSource = fileURLToPath(new URL('./test/fixtures/series-source.ts', import.meta.url));
const pagerChannel = fileURLToPath(new URL('./test/fixtures/pager-channel.ts', import.meta.url));
const polledSource = fileURLToPath(new URL('./test/fixtures/polled-source.ts', import.meta.url));
const ntfyFixture = fileURLToPath(
  new URL('../../test-plugins/oncall-channel-ntfy/src/index.ts', import.meta.url),
);

export default defineConfig({
  resolve: {
    alias: [
      { find: /^graphql$/, replacement: graphqlEntry },
      { find: /^@fixture\/oncall-source-uptime-kuma$/, replacement: exampleSource },
      { find: /^@fixture\/oncall-channel-pager$/, replacement: pagerChannel },
      { find: /^@fixture\/oncall-source-series$/, replacement: seriesSource },
      { find: /^@fixture\/oncall-source-polled$/, replacement: polledSource },
      { find: /^@fixture\/oncall-channel-ntfy$/, replacement: ntfyFixture },
    ],
  },
  // One module graph per worker for all its files (docs/decisions.md, Tests): importing the app
  // again for every file was half the suite's time.
  test: { testTimeout: 30_000, hookTimeout: 60_000, isolate: false },
});
