import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

/**
 * graphql 16 ships CommonJS (`main`) and ESM (`module`) side by side. Node, and so Pothos and
 * Yoga as vitest loads them, takes the CommonJS build, while Vite would hand our own sources the
 * ESM one: two graphql instances, and "Cannot use GraphQLScalarType from another module". Pinning
 * the bare specifier to the file Node resolves keeps one instance, as in production.
 */
const graphqlEntry = createRequire(import.meta.url).resolve('graphql');

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
  // Each file opens and migrates its own database; embedded PGlite on a busy machine needs the margin.
  // One module graph per worker for all its files (docs/decisions.md, Tests).
  test: { hookTimeout: 60_000, testTimeout: 30_000, isolate: false },
});
