import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

/**
 * graphql 16 ships CommonJS and ESM builds side by side; Pothos and Yoga load the one Node resolves,
 * so our sources must get the same one (see packages/graphql/vitest.config.ts). Embedded PGlite on
 * disk takes seconds to open, and a restart test opens it twice: hence the longer timeouts.
 */
const graphqlEntry = createRequire(import.meta.url).resolve('graphql');

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
  test: { testTimeout: 30_000, hookTimeout: 60_000 },
});
