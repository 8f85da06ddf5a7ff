import { defineConfig } from 'vitest/config';

/**
 * Each file opens a database, migrates it and installs pg-boss's schema before its first test; on
 * embedded PGlite with files running side by side on two cores that takes longer than vitest's 10 s
 * hook default. Deliveries are awaited with `vi.waitFor`, which has its own bound.
 */
export default defineConfig({
  // One module graph per worker for all its files (docs/decisions.md, Tests).
  test: { hookTimeout: 60_000, testTimeout: 60_000, isolate: false },
});
