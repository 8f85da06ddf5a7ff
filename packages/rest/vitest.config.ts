import { defineConfig } from 'vitest/config';

/** Each file opens and migrates its own database, and tests wait up to 20 s for the engine to page; embedded PGlite on a busy machine needs the margin. */
// One module graph per worker for all its files (docs/decisions.md, Tests).
export default defineConfig({ test: { hookTimeout: 60_000, testTimeout: 30_000, isolate: false } });
