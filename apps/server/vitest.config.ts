import { defineConfig } from 'vitest/config';

// Embedded PGlite on disk takes seconds to open; a restart test opens it twice.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 60_000 } });
